/*
 * svg_text.h - what a picture's text needs beyond text.h's buffer and its
 * printf (svg_text.c): XML escaping, the measure of text in the picture's
 * font, colour tints, and the magnitude its weights are scaled by.
 * Internal, named shelf__svg_* as svg_picture.h's functions are.
 */
#ifndef SHELF_SVG_TEXT_H
#define SHELF_SVG_TEXT_H

#include "internal.h"
#include "text.h"

/* Character data and attribute values: the five XML specials escaped. */
void shelf__svg_put_escaped(text *t, const char *s, size_t n);
/* Pixels that `s` takes at `size` px (tenths of a px at a size in
 * tenths), rounded up, measured for DejaVu Sans, the widest font asked. */
int shelf__svg_text_px(const char *s, size_t len, int size, int bold);
int shelf__svg_number_px(i128 v, int size);
void shelf__svg_tint_rgb(const char *hex, int amount, int rgb[3]);
u128 shelf__svg_isqrt(u128 x);

static inline u128 umag(int64_t w) { return w < 0 ? -(u128)w : (u128)w; }

#endif /* SHELF_SVG_TEXT_H */
