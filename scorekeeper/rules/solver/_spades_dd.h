/* Shared by _spades_dd.c and _spades_dd_moves.h: the card and hand helpers, the table
 * entry and the search state (see _spades_dd.c). */
#ifndef SPADES_DD_H
#define SPADES_DD_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t)2 << 20)
#define HUGE_TABLE ((size_t)16 << 20) /* tables of this size or more: in huge pages */

typedef uint64_t u64;

#define SUIT13 0x1FFFULL
#define SPADES_MASK (SUIT13 << 39)
#define NON_SPADES_MASK ((1ULL << 39) - 1)
#define STOP_EVERY 0x3FFF
#define BUCKET 4

static inline int bitlen(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline int lowest_rank(u64 x) { return __builtin_ctzll(x); } /* x != 0 */

/* Whether card c, played to a trick that ``best`` is winning, takes it (trick.BEATS). */
static inline int beats(int best, int c) {
    int bs = best / 13, cs = c / 13;
    if (cs == bs) return c > best;
    return cs == 3;
}

/* A table entry: the key's four suits (canon_suit, 30 bits each) in the low 60 bits of a and
 * b, the lower bound in a's top 4 bits and the upper bound in b's; the leader and whether
 * spades are broken are the low 3 bits of the bucket's index, so every entry of a bucket has
 * the same. All zero: empty (a searched position holds cards, so no key is 0). */
typedef struct {
    u64 a, b;
} Entry;

#define KEY_BITS ((1ULL << 60) - 1)

typedef struct {
    PyObject_HEAD
    u64 hands[4];
    int tgt[4], mx[4], fr[4][4];
    int step, last, nil_seat;
    Entry *tt;
    u64 tt_mask; /* number of buckets - 1 */
    size_t tt_bytes; /* the table's size where mmap gave it (table_free), else 0 */
    uint32_t hist[208];
    long long nodes;
    PyObject *oracle;     /* None, or exact answers where the bridge rules hold (see ge) */
    int oracle_from;      /* ... for positions of this many cards a hand or more */
    PyObject *stop;       /* borrowed for the duration of one at_least call */
    PyThreadState *save;  /* the released thread state while searching */
    int stopped;          /* 1: stop() said so; 2: stop() raised */
    int at_root;          /* the next trick() call is the question's own position */
    int proof_card;       /* the card with which the mover answered there, or -1 */
    int busy;             /* an at_least call is under way (its state is the fields above) */
} Searcher;

#endif
