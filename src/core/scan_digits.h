/*
 * scan_digits.h - a run's digit words turned into weights, for the fast
 * scanner (scan.c): one function for each instruction set it is compiled
 * for, like scan_masks.h's byte classes.
 *
 * The scanner stores each weight of up to 8 digits as the 8-byte word that
 * ends at its last digit, its digits reduced to 0..9 (the low 4 bits of
 * each ASCII digit) and the bytes before its first digit zero: byte 7 is
 * the units, byte 0 the ten millions. These functions turn n such words
 * in place into their values; all give the same values, so every path
 * pushes the same weights. The vector ones work on 4 (AVX2) or 2 (SSE2,
 * NEON) words a step and may convert up to 3 words past v[n - 1]: the
 * array must have that slack, and what lies there is not used.
 *
 * Each does the same three steps on every word at once: pairs of digits
 * (ten times the first plus the second, 16 bits), pairs of pairs (a hundred
 * times, 32 bits), and the two halves (ten thousand times, 64 bits).
 *
 * Included by scan.c alone; the AVX2 function is compiled inside the
 * target region that scan_masks.h defines.
 */
#ifndef SHELF_SCAN_DIGITS_H
#define SHELF_SCAN_DIGITS_H

#include <stdint.h>

/* One word with 64-bit multiplies (SWAR), the last digit in the top byte. */
static inline uint64_t swar_digits(uint64_t w) {
  w = (w * 2561) >> 8;
  w = ((w & 0x00FF00FF00FF00FFu) * 6553601) >> 16;
  return ((w & 0x0000FFFF0000FFFFu) * 42949672960001u) >> 32;
}

/* Portable: one word at a time. */
static inline void digits_words(uint64_t *v, unsigned n) {
  for (unsigned k = 0; k < n; k++)
    v[k] = swar_digits(v[k]);
}

#if SCAN_X86
/* SSE2: two words a step. SSE2 has no byte multiply-add, so the pairs of
 * digits come from 16-bit lanes: the low byte (the first digit) times ten
 * plus the high byte. */
static inline void digits_sse2(uint64_t *v, unsigned n) {
  const __m128i low = _mm_set1_epi16(0x00FF), ten = _mm_set1_epi16(10),
                hundred = _mm_set1_epi32(0x00010064),
                tenk = _mm_set1_epi32(10000);
  for (unsigned k = 0; k < n; k += 2) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(v + k));
    x = _mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(x, low), ten),
                      _mm_srli_epi16(x, 8));
    x = _mm_madd_epi16(x, hundred);
    x = _mm_add_epi64(_mm_mul_epu32(x, tenk), _mm_srli_epi64(x, 32));
    _mm_storeu_si128((__m128i *)(void *)(v + k), x);
  }
}

/* AVX2: four words a step, the pairs by a byte multiply-add. */
SCAN_AVX2_BEGIN
static inline void digits_avx2(uint64_t *v, unsigned n) {
  const __m256i ten = _mm256_set1_epi16(0x010A), /* bytes 10, 1 */
      hundred = _mm256_set1_epi32(0x00010064),   /* words 100, 1 */
      tenk = _mm256_set1_epi32(10000);
  for (unsigned k = 0; k < n; k += 4) {
    __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(v + k));
    x = _mm256_madd_epi16(_mm256_maddubs_epi16(x, ten), hundred);
    x = _mm256_add_epi64(_mm256_mul_epu32(x, tenk), _mm256_srli_epi64(x, 32));
    _mm256_storeu_si256((__m256i *)(void *)(v + k), x);
  }
}
SCAN_AVX2_END
#endif

#if SCAN_NEON
/* NEON: two words a step. Each product fits its lane before the pairwise
 * widening add: 9 * 10, 99 * 100 and 9999 * 10000. */
static inline void digits_neon(uint64_t *v, unsigned n) {
  static const uint8_t tens[16] = {10, 1, 10, 1, 10, 1, 10, 1,
                                   10, 1, 10, 1, 10, 1, 10, 1};
  static const uint16_t hundreds[8] = {100, 1, 100, 1, 100, 1, 100, 1};
  static const uint32_t tenks[4] = {10000, 1, 10000, 1};
  const uint8x16_t t = vld1q_u8(tens);
  const uint16x8_t h = vld1q_u16(hundreds);
  const uint32x4_t k4 = vld1q_u32(tenks);
  for (unsigned k = 0; k < n; k += 2) {
    uint8x16_t b = vmulq_u8(vld1q_u8((const uint8_t *)(const void *)(v + k)), t);
    uint16x8_t p = vmulq_u16(vpaddlq_u8(b), h);
    uint32x4_t q = vmulq_u32(vpaddlq_u16(p), k4);
    vst1q_u64(v + k, vpaddlq_u32(q));
  }
}
#endif

#endif /* SHELF_SCAN_DIGITS_H */
