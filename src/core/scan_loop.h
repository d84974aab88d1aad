/*
 * scan_loop.h - the fast scanner's loops (scan.c), written once and
 * compiled once for each instruction set: scan.c includes this file with
 * SCAN_SUFFIX naming the copy, SCAN_MASKS the function of scan_masks.h
 * that classifies a window's bytes and SCAN_DIGITS the function of
 * scan_digits.h that turns a run's digit words into weights. Only those
 * two differ between the copies, and each gives the same results on every
 * path, so every path takes and leaves exactly the same weights.
 */
#if !defined(SCAN_SUFFIX) || !defined(SCAN_MASKS) || !defined(SCAN_DIGITS)
#error "scan_loop.h is included by scan.c, with SCAN_SUFFIX, SCAN_MASKS and SCAN_DIGITS"
#endif

#define SCAN_CAT2(a, b) a##_##b
#define SCAN_CAT(a, b) SCAN_CAT2(a, b)
#define SCAN_NAME(x) SCAN_CAT(x, SCAN_SUFFIX)

/* Converts the pending digit words, then pushes every pending weight. */
FAST_INLINE void SCAN_NAME(fast_flush)(fast_run *r, const int mode) {
  SCAN_DIGITS(r->val + r->words, r->pending - r->words);
  for (unsigned k = 0; k < r->pending; k++)
    solver_run_push(&r->run, r->val[k], 0, mode);
  r->pending = 0;
  r->words = 0;
}

/*
 * One window, the 64 bytes at w. Returns how many of them were taken; with
 * *stop set, the machine must go on from there.
 *
 * Masks: a weight starts at a digit after a non-digit and ends at a digit
 * before one; the byte right after it is its separator. A gap byte is any
 * other non-digit. Windows start right after a weight's separator or a gap
 * byte, never inside a weight or after a sign. A weight that reaches the
 * window's last byte may go on, so it is left for the next window, found
 * without a branch (where windows end is as random as the weights).
 *
 * The usual window is checked whole from the masks: every separator a
 * space, tab, comma or line feed, every gap byte a blank. Then its weights
 * are taken with no look at any byte but their digits, and its line feeds
 * are counted at once where it is left. In line mode the window ends at
 * its first line feed, where the machine ends the shelf. Any other window
 * (a sign, a CR LF, a bracket, a comma after a gap, anything the machine
 * must see) is taken weight by weight, each checked against the byte
 * behind it (fast_after()).
 */
FAST_INLINE unsigned SCAN_NAME(fast_window)(fast_run *r, const unsigned char *w,
                                            int *stop, const int line_mode,
                                            const int mode, const int capped) {
  window_masks m;
  SCAN_MASKS(w, &m);
  uint64_t digits = m.digit;
  uint64_t starts = digits & ~(digits << 1);
  uint64_t ends = digits & ~(digits >> 1);
  uint64_t cut = digits >> 63; /* 1: the last weight is left for later */
  unsigned last = 63 - (unsigned)__builtin_clzll(starts | 1);
  starts ^= cut << last;
  ends ^= cut << 63;
  unsigned limit = cut ? last : 64;
  uint64_t gaps = ~digits & ~(digits << 1); /* none from `last` on */

  /* The whole window at once: bytes before `end` only. */
  uint64_t sep_ok = m.blank | m.comma, gap_ok = m.blank, upto = ~(uint64_t)0;
  unsigned end = limit;
  int at_nl = 0; /* line mode: the window ends at a line feed */
  if (!line_mode) {
    sep_ok |= m.nl;
    gap_ok |= m.nl;
  } else if (m.nl != 0) {
    end = (unsigned)__builtin_ctzll(m.nl); /* below `last`: not a digit */
    upto = ((uint64_t)1 << end) - 1;
    at_nl = 1;
  }
  if (((((ends << 1) & ~sep_ok) | (gaps & ~gap_ok)) & upto) == 0) {
    starts &= upto;
    ends &= upto;
    /* The digit words now, their values and the pushes at the run's end
     * (fast_flush()): the values are converted several at a time, the
     * pushes' chain of compares is not held up by the digits' loads and
     * multiplies, and a branch mispredicted in one loop does not throw
     * away the other's work. */
    unsigned have = (unsigned)r->run.k + r->pending; /* weights in the run */
    while (starts != 0) {
      unsigned s = (unsigned)__builtin_ctzll(starts);
      unsigned e = (unsigned)__builtin_ctzll(ends);
      starts &= starts - 1;
      ends &= ends - 1;
      unsigned d = e - s; /* digits - 1 */
      if (d < 8) {
        /* Its digit word, converted with the run's others at the flush. */
        r->val[r->pending++] = load8(w + e - 7) & fast_mask[d];
      } else {
        if (d >= 16) {
          *stop = 1; /* too long for 64 bits, maybe: the machine decides */
          return fast_left(r, line_mode ? 0 : m.nl, s);
        }
        /* Two words: converted now, after the words before it. */
        SCAN_DIGITS(r->val + r->words, r->pending - r->words);
        r->val[r->pending++] = fast_digits(w, s, e);
        r->words = r->pending;
      }
      if (capped && ++have == r->cap) {
        r->full = 1; /* its separator is the machine's, or the next run's */
        return fast_left(r, m.nl, e + 1);
      }
    }
    if (line_mode) {
      *stop = at_nl; /* at the line feed, which ends the shelf */
      return end;
    }
    return fast_left(r, m.nl, limit);
  }

  SCAN_NAME(fast_flush)(r, mode); /* the weights below are pushed one by one */
  uint64_t blank_nl = 0; /* line feeds among blank gaps */
  if (gaps != 0) {
    /* Blanks between weights (", " in JSON, CR LF, indentation, empty
     * lines) need no checks beyond counting the line feeds among them. */
    uint64_t blank = m.blank;
    if (!line_mode)
      blank |= m.nl;
    if ((gaps & ~blank) == 0) {
      blank_nl = line_mode ? 0 : gaps & m.nl;
      gaps = 0;
    }
  }

  if (gaps == 0) {
    /* Weights, each with one separator behind it, and maybe blanks. The
     * line feeds among the blanks are counted up to where the window is
     * left. */
    while (starts != 0) {
      unsigned s = (unsigned)__builtin_ctzll(starts);
      unsigned e = (unsigned)__builtin_ctzll(ends);
      starts &= starts - 1;
      ends &= ends - 1;
      int after = fast_after(w, e, line_mode);
      if (after == TAKE_LEAVE || e - s >= 16) {
        *stop = 1;
        return fast_left(r, blank_nl, s);
      }
      solver_run_push(&r->run, fast_digits(w, s, e), 0, mode);
      if (capped && r->run.k == r->cap) {
        r->full = 1; /* its separator is the machine's, or the next run's */
        return fast_left(r, blank_nl, e + 1);
      }
      r->lines += after == TAKE_LINE;
      if (after == TAKE_STOP) {
        *stop = 1;
        return fast_left(r, blank_nl, e + 1);
      }
    }
    return fast_left(r, blank_nl, limit);
  }

  /* Gap bytes too: take gaps and weights in order. */
  for (;;) {
    unsigned s = starts ? (unsigned)__builtin_ctzll(starts) : limit;
    uint64_t before = starts ? (starts & (0 - starts)) - 1 : ~(uint64_t)0;
    uint64_t g = gaps & before;
    gaps &= ~before;
    int neg = 0, sign = 0;
    while (g != 0) {
      unsigned at = (unsigned)__builtin_ctzll(g);
      g &= g - 1;
      int cls = fast_class[w[at]];
      if ((cls == NEAR_SEP && w[at] != ',') || (cls == NEAR_NL && !line_mode) ||
          (cls == NEAR_CR && !line_mode && w[at + 1] == '\n')) {
        r->lines += cls == NEAR_NL;
        continue;
      }
      if (cls == NEAR_SIGN && at + 1 == s && starts != 0) {
        sign = 1; /* right before a weight */
        neg = w[at] == '-';
        continue;
      }
      if (cls == NEAR_SIGN && at + 1 == limit)
        return at; /* right before the weight left for later */
      /* A comma that follows no weight here, a line feed in line mode, a
       * lone sign or anything else: the machine decides. */
      *stop = 1;
      return at;
    }
    if (starts == 0)
      return limit;
    unsigned e = (unsigned)__builtin_ctzll(ends);
    starts &= starts - 1;
    ends &= ends - 1;
    int after = fast_after(w, e, line_mode);
    if (after == TAKE_LEAVE || e - s >= 16) {
      *stop = 1;
      return s - (unsigned)sign;
    }
    solver_run_push(&r->run, fast_digits(w, s, e), neg, mode);
    if (capped && r->run.k == r->cap) {
      r->full = 1;
      return e + 1;
    }
    r->lines += after == TAKE_LINE;
    if (after == TAKE_STOP) {
      *stop = 1;
      return e + 1;
    }
  }
}

/* The window at b + i. One that starts nearer than FAST_BEHIND to the
 * piece's start is read from a copy with zeros before it, since the bytes
 * behind a piece may not be ours to read: a piece of whole lines (--batch)
 * starts every line's feed there. */
FAST_INLINE unsigned SCAN_NAME(scan_window)(fast_run *r, const unsigned char *b, size_t i,
                                 int *stop, const int line_mode, const int mode,
                                 const int capped) {
  unsigned char pad[FAST_BEHIND + FAST_SLACK];
  const unsigned char *w = b + i;
  if (i < FAST_BEHIND) {
    memset(pad, 0, FAST_BEHIND);
    memcpy(pad + FAST_BEHIND, w, FAST_SLACK);
    w = pad + FAST_BEHIND;
  }
  return SCAN_NAME(fast_window)(r, w, stop, line_mode, mode, capped);
}

/* A scan with line_mode, mode and capped constant, so that each case gets
 * its own loop; sets *stop where the machine must go on. Uncapped, it runs
 * while a whole run fits under the limit with a weight to spare; capped,
 * up to the limit. The last weight of a counted shelf is always a capped
 * run's, which leaves its separator to the machine: an uncapped run of
 * FAST_RUN weights that met the limit took the separator too, and the
 * machine, never seeing it, did not end the shelf (--batch --counted read
 * the next count as a weight too many, where a shelf's count was 256 and
 * its weights short). */
FAST_INLINE size_t SCAN_NAME(scan_mode)(shelf_solver *s, const unsigned char *b, size_t i,
                             size_t len, uint64_t limit, scan_result *out,
                             int *stop, const int line_mode, const int mode,
                             const int capped) {
  while (!*stop && len - i >= FAST_SLACK &&
         (capped ? limit > 0 : limit > FAST_RUN)) {
    fast_run r; /* not zeroed whole: val[] is written before it is read */
    r.lines = 0;
    r.cap = limit < FAST_RUN ? (size_t)limit : FAST_RUN;
    r.full = 0;
    r.pending = 0;
    r.words = 0;
    if (!solver_run_open(s, &r.run, FAST_RUN, FAST_RUN_ABS)) {
      *stop = 1; /* the machine pushes one by one, widening or failing */
      break;
    }
    for (int win = 0;
         win < FAST_WINDOWS && !*stop && !r.full && len - i >= FAST_SLACK;
         win++) {
      unsigned took = SCAN_NAME(scan_window)(&r, b, i, stop, line_mode, mode, capped);
      *stop |= took == 0; /* no progress: let the machine move on */
      i += took;
    }
    SCAN_NAME(fast_flush)(&r, mode);
    solver_run_close(s, &r.run);
    limit -= r.run.k;
    out->taken += r.run.k;
    out->lines += r.lines;
  }
  return i;
}

/* scan_mode() for the solver's mode, with line_mode and capped passed on
 * as the constants they are at each call below. */
FAST_INLINE size_t SCAN_NAME(scan_run_mode)(shelf_solver *s,
                                 const unsigned char *b, size_t i, size_t len,
                                 uint64_t limit, scan_result *out, int *stop,
                                 const int line_mode, const int capped) {
  switch (solver_run_mode(s)) {
  case RUN_SOLVE:
    return SCAN_NAME(scan_mode)(s, b, i, len, limit, out, stop, line_mode, RUN_SOLVE, capped);
  case RUN_SOLVE_KEEP:
    return SCAN_NAME(scan_mode)(s, b, i, len, limit, out, stop, line_mode, RUN_SOLVE_KEEP, capped);
  default:
    return SCAN_NAME(scan_mode)(s, b, i, len, limit, out, stop, line_mode, RUN_KEEP, capped);
  }
}

/* scan_mode() for the solver's mode, line mode or not, capped or not (a
 * capped scan is never in line mode: scan.h): nine loops, one a case. */
static FAST_ENTRY size_t SCAN_NAME(scan_any)(shelf_solver *s, const unsigned char *b, size_t i,
                       size_t len, uint64_t limit, scan_result *out, int *stop,
                       int line_mode, int capped) {
  if (capped)
    return SCAN_NAME(scan_run_mode)(s, b, i, len, limit, out, stop, 0, 1);
  if (line_mode)
    return SCAN_NAME(scan_run_mode)(s, b, i, len, limit, out, stop, 1, 0);
  return SCAN_NAME(scan_run_mode)(s, b, i, len, limit, out, stop, 0, 0);
}

/* --batch's quick lines (shelf__scan_line()): the `lines` lines (1 or 2)
 * that start at w, if their last line feed is among the window's 64 bytes
 * and everything before it is weights of at most 8 digits and blanks;
 * with 2, the second line must end with a weight right before its line
 * feed (where a counted shelf ends). Their weights go to val[0..*n),
 * converted together, and *first gets how many are on the first line;
 * returns the bytes up to and including the last line feed, or 0 for any
 * other text (a sign, a comma, a long weight, a CR, a longer line...),
 * which the machine reads. The checks are the plain window's
 * (fast_window()) with the line feed as its end. */
FAST_INLINE unsigned SCAN_NAME(line_window)(const unsigned char *w, int lines,
                                            uint64_t *val, unsigned *n,
                                            unsigned *first) {
  window_masks m;
  SCAN_MASKS(w, &m);
  uint64_t nl = m.nl, digits = m.digit;
  uint64_t starts = digits & ~(digits << 1);
  *first = 0;
  if (lines == 2 && nl != 0) {
    uint64_t feed = nl & (0 - nl); /* the first line's line feed */
    *first = (unsigned)__builtin_popcountll(starts & (feed - 1));
    nl ^= feed;
    m.blank |= feed; /* a blank to the checks */
  }
  if (nl == 0)
    return 0;
  unsigned end = (unsigned)__builtin_ctzll(nl);
  uint64_t upto = ((uint64_t)1 << end) - 1; /* end < 64 */
  digits &= upto;
  starts &= upto;
  if (((digits | m.blank) & upto) != upto ||
      (lines == 2 && (end == 0 || !((digits >> (end - 1)) & 1))))
    return 0;
  uint64_t ends = digits & ~(digits >> 1);
  unsigned k = 0;
  while (starts != 0) {
    unsigned s = (unsigned)__builtin_ctzll(starts);
    unsigned e = (unsigned)__builtin_ctzll(ends);
    starts &= starts - 1;
    ends &= ends - 1;
    if (e - s >= 8)
      return 0;
    val[k++] = load8(w + e - 7) & fast_mask[e - s];
  }
  SCAN_DIGITS(val, k);
  *n = k;
  return end + 1;
}

/* line_window() at b + i, from a copy with zeros before it near the
 * piece's start, as scan_window() reads. */
static FAST_ENTRY size_t SCAN_NAME(scan_line)(const unsigned char *b, size_t i,
                                     int lines, uint64_t *val, unsigned *n,
                                     unsigned *first) {
  unsigned char pad[FAST_BEHIND + 64];
  const unsigned char *w = b + i;
  if (i < FAST_BEHIND) {
    memset(pad, 0, FAST_BEHIND);
    memcpy(pad + FAST_BEHIND, w, 64);
    w = pad + FAST_BEHIND;
  }
  return SCAN_NAME(line_window)(w, lines, val, n, first);
}


#undef SCAN_NAME
#undef SCAN_CAT
#undef SCAN_CAT2
#undef SCAN_SUFFIX
#undef SCAN_MASKS
#undef SCAN_DIGITS
