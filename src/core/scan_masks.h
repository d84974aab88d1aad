/*
 * scan_masks.h - the byte classes of a 64-byte window, for the fast scanner
 * (scan.c): one function for each instruction set it is compiled for.
 * Each sets bit j of a mask when byte j of the window is of that class;
 * all of them give the same masks, so the scanner's loops (scan_loop.h)
 * are the same code on every path, and only these differ.
 *
 * Included by scan.c alone; the x86-64 functions are compiled inside the
 * target regions that scan.c opens, so that each may use its own
 * instructions while the rest of the library keeps to the baseline.
 */
#ifndef SHELF_SCAN_MASKS_H
#define SHELF_SCAN_MASKS_H

#include <stdint.h>
#include <string.h>

typedef struct window_masks {
  uint64_t digit; /* '0'..'9' */
  uint64_t blank; /* space, tab */
  uint64_t nl;    /* line feed */
  uint64_t comma;
} window_masks;

/* Portable: eight bytes at a time in a 64-bit word (SWAR). Per byte,
 * t = c ^ '0' is below 10 exactly for digits; (t | 0x80) - 10 keeps its
 * high bit exactly when t & 0x7f >= 10, with no borrow between bytes. A
 * byte equals c exactly when (t & 0x7f) + 0x7f, with t = byte ^ c, has no
 * high bit and t has none either. The multiply gathers the eight high bits
 * into one byte. */
static inline uint64_t swar_high_bits(uint64_t h) {
  return (h * 0x0002040810204081u) >> 56;
}

static inline uint64_t swar_equal(uint64_t w, unsigned char c) {
  const uint64_t low = 0x7F7F7F7F7F7F7F7Fu;
  uint64_t t = w ^ (0x0101010101010101u * c);
  return swar_high_bits(~(((t & low) + low) | t) & ~low);
}

static inline void masks_swar(const unsigned char *b, window_masks *m) {
  const uint64_t high = 0x8080808080808080u;
  m->digit = m->blank = m->nl = m->comma = 0;
  for (unsigned q = 0; q < 8; q++) {
    uint64_t w;
    memcpy(&w, b + 8 * q, sizeof w);
    uint64_t t = w ^ 0x3030303030303030u;
    uint64_t other = (((t | high) - 0x0A0A0A0A0A0A0A0Au) | t) & high;
    m->digit |= swar_high_bits(other ^ high) << (8 * q);
    m->blank |= (swar_equal(w, ' ') | swar_equal(w, '\t')) << (8 * q);
    m->nl |= swar_equal(w, '\n') << (8 * q);
    m->comma |= swar_equal(w, ',') << (8 * q);
  }
}

#if SCAN_X86
/* SSE2, x86-64's baseline: 16 bytes a compare. With the sign bit flipped,
 * bytes compare as unsigned: a digit is above '0' - 1 and below '9' + 1. */
static inline void masks_sse2(const unsigned char *b, window_masks *m) {
  const __m128i flip = _mm_set1_epi8(-128), above = _mm_set1_epi8(-81),
                below = _mm_set1_epi8(-70), space = _mm_set1_epi8(' '),
                tab = _mm_set1_epi8('\t'), lf = _mm_set1_epi8('\n'),
                comma = _mm_set1_epi8(',');
  m->digit = m->blank = m->nl = m->comma = 0;
  for (unsigned q = 0; q < 4; q++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b + 16 * q));
    __m128i f = _mm_xor_si128(v, flip);
    __m128i d =
        _mm_and_si128(_mm_cmpgt_epi8(f, above), _mm_cmplt_epi8(f, below));
    __m128i bl = _mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, tab));
    unsigned sh = 16 * q;
    m->digit |= (uint64_t)(unsigned)_mm_movemask_epi8(d) << sh;
    m->blank |= (uint64_t)(unsigned)_mm_movemask_epi8(bl) << sh;
    m->nl |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, lf)) << sh;
    m->comma |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, comma))
                << sh;
  }
}

/* The region in which functions may use AVX2 (and BMI1 and POPCNT, which
 * every processor with AVX2 has): masks_avx2() and scan.c's loops for it.
 * Nothing compiled there runs unless shelf__scan_best() found AVX2. */
#if defined(__clang__)
#define SCAN_AVX2_BEGIN                                                        \
  _Pragma(                                                                     \
      "clang attribute push(__attribute__((target(\"avx2,bmi,popcnt\"))), apply_to = function)")
#define SCAN_AVX2_END _Pragma("clang attribute pop")
#else
#define SCAN_AVX2_BEGIN                                                        \
  _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,bmi,popcnt\")")
#define SCAN_AVX2_END _Pragma("GCC pop_options")
#endif

/* AVX2: 32 bytes a compare, half the instructions of SSE2. */
SCAN_AVX2_BEGIN
static inline void masks_avx2(const unsigned char *b, window_masks *m) {
  const __m256i flip = _mm256_set1_epi8(-128), above = _mm256_set1_epi8(-81),
                below = _mm256_set1_epi8(-70), space = _mm256_set1_epi8(' '),
                tab = _mm256_set1_epi8('\t'), lf = _mm256_set1_epi8('\n'),
                comma = _mm256_set1_epi8(',');
  m->digit = m->blank = m->nl = m->comma = 0;
  for (unsigned q = 0; q < 2; q++) {
    __m256i v =
        _mm256_loadu_si256((const __m256i *)(const void *)(b + 32 * q));
    __m256i f = _mm256_xor_si256(v, flip);
    __m256i d = _mm256_and_si256(_mm256_cmpgt_epi8(f, above),
                                 _mm256_cmpgt_epi8(below, f));
    __m256i bl = _mm256_or_si256(_mm256_cmpeq_epi8(v, space),
                                 _mm256_cmpeq_epi8(v, tab));
    unsigned sh = 32 * q;
    m->digit |= (uint64_t)(uint32_t)_mm256_movemask_epi8(d) << sh;
    m->blank |= (uint64_t)(uint32_t)_mm256_movemask_epi8(bl) << sh;
    m->nl |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, lf))
             << sh;
    m->comma |=
        (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, comma))
        << sh;
  }
}
SCAN_AVX2_END
#endif

#if SCAN_NEON
/* NEON (arm64): 16 bytes a compare. NEON has no movemask; each compare's
 * 0xff bytes are cut to one bit of their place in 8 (the `bits` vector)
 * and three pairwise additions fold the four vectors into 64 bits. */
static inline uint64_t neon_mask(uint8x16_t c0, uint8x16_t c1, uint8x16_t c2,
                                 uint8x16_t c3) {
  static const uint8_t place[16] = {1, 2, 4, 8, 16, 32, 64, 128,
                                    1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t bits = vld1q_u8(place);
  uint8x16_t a = vpaddq_u8(vandq_u8(c0, bits), vandq_u8(c1, bits));
  uint8x16_t z = vpaddq_u8(vandq_u8(c2, bits), vandq_u8(c3, bits));
  a = vpaddq_u8(a, z);
  a = vpaddq_u8(a, a);
  return vgetq_lane_u64(vreinterpretq_u64_u8(a), 0);
}

static inline void masks_neon(const unsigned char *b, window_masks *m) {
  uint8x16_t v[4], d[4], bl[4], nl[4], cm[4];
  for (unsigned q = 0; q < 4; q++) {
    v[q] = vld1q_u8(b + 16 * q);
    d[q] = vcltq_u8(vsubq_u8(v[q], vdupq_n_u8('0')), vdupq_n_u8(10));
    bl[q] = vorrq_u8(vceqq_u8(v[q], vdupq_n_u8(' ')),
                     vceqq_u8(v[q], vdupq_n_u8('\t')));
    nl[q] = vceqq_u8(v[q], vdupq_n_u8('\n'));
    cm[q] = vceqq_u8(v[q], vdupq_n_u8(','));
  }
  m->digit = neon_mask(d[0], d[1], d[2], d[3]);
  m->blank = neon_mask(bl[0], bl[1], bl[2], bl[3]);
  m->nl = neon_mask(nl[0], nl[1], nl[2], nl[3]);
  m->comma = neon_mask(cm[0], cm[1], cm[2], cm[3]);
}
#endif

#endif /* SHELF_SCAN_MASKS_H */
