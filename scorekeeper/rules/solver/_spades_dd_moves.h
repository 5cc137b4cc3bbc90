/* The move ordering of moves.MoveOrder, for _spades_dd.c (included there once): the legal
 * cards of the seat to play, one per group of touching cards, likely best first. Which
 * cards are legal is the rule of position.legal_moves; the order only costs time. */
#include "_spades_dd.h"

/* Ranks (high to low) of one card per group of touching cards in ``held``. */
static int touching_reps(u64 present, u64 held, int *out) {
    int n = 0, above = 0;
    while (present) { /* the cards in play only, high to low */
        int r = bitlen(present) - 1;
        present ^= 1ULL << r;
        int mine = (int)(held >> r & 1);
        if (mine && !above) out[n++] = r;
        above = mine;
    }
    return n;
}

static int shed_score(Searcher *s, int seat, int sh, int low) {
    int score = 1;
    for (int o = 0; o < 4; o++) {
        u64 h = (s->hands[o] >> sh) & SUIT13;
        if (o == seat || !h) continue;
        if (s->tgt[seat]) {
            int over = s->mx[o] == s->mx[seat] ? bitlen(h) - 1 : lowest_rank(h);
            if (over > low) return 4;
        } else if (s->tgt[o]) {
            int v = lowest_rank(h) > low ? 4 : 3;
            if (v > score) score = v;
        }
    }
    return score;
}

static int leads(Searcher *s, int seat, u64 legal, int *out) {
    u64 *hands = s->hands;
    const int *fr = s->fr[seat];
    int wants = fr[seat];
    u64 allc = hands[0] | hands[1] | hands[2] | hands[3];
    int keys[52], cards[52], n = 0;
    for (int su = 0; su < 4; su++) {
        int sh = 13 * su;
        u64 held = (legal >> sh) & SUIT13;
        if (!held) continue;
        u64 pres = (allc >> sh) & SUIT13;
        int reps[13];
        int nr = touching_reps(pres, held, reps);
        u64 top_bit = 1ULL << (bitlen(pres) - 1 + sh);
        int owner = (hands[0] & top_bit) ? 0 : (hands[1] & top_bit) ? 1
                  : (hands[2] & top_bit) ? 2 : 3;
        int enemy_ruff = 0, friend_ruff = 0;
        if (su != 3) {
            for (int o = 0; o < 4; o++) {
                if (o != seat && !((hands[o] >> sh) & SUIT13) && (hands[o] & SPADES_MASK)) {
                    if (fr[o]) friend_ruff = 1;
                    else enemy_ruff = 1;
                }
            }
        }
        int first, score;
        if (!wants) {
            first = reps[nr - 1];
            score = shed_score(s, seat, sh, first);
        } else if (owner == seat) {
            score = enemy_ruff ? 1 : 4;
            first = reps[0];
        } else {
            first = reps[nr - 1];
            if (fr[owner] || (friend_ruff && !enemy_ruff)) {
                score = enemy_ruff ? 1 : 3;
            } else if (enemy_ruff) {
                score = 0;
            } else {
                u64 rest = pres & ~(1ULL << (bitlen(pres) - 1));
                u64 second = rest ? 1ULL << (bitlen(rest) - 1 + sh) : 0;
                score = 1;
                if (second && (second & ~hands[seat])) {
                    for (int o = 0; o < 4; o++)
                        if (fr[o] && (hands[o] & second)) {
                            score = 2;
                            break;
                        }
                }
            }
        }
        for (int i = 0; i < nr; i++) {
            int r = reps[i];
            keys[n] = r == first ? (score << 5) + 16 + r : 12 - r;
            cards[n] = sh + r;
            n++;
        }
    }
    /* Stable insertion sort, descending on (score class, history, key): moves.leads. */
    const uint32_t *hist = s->hist + seat * 52;
    for (int i = 1; i < n; i++) {
        int k = keys[i], c = cards[i], j = i - 1;
        while (j >= 0) {
            int kj = keys[j], cj = cards[j];
            int greater = (k >> 5) != (kj >> 5) ? (k >> 5) > (kj >> 5)
                        : hist[c] != hist[cj] ? hist[c] > hist[cj] : k > kj;
            if (!greater) break;
            keys[j + 1] = kj;
            cards[j + 1] = cj;
            j--;
        }
        keys[j + 1] = k;
        cards[j + 1] = c;
    }
    memcpy(out, cards, n * sizeof(int));
    return n;
}

static int cat(int *out, const int *a, int na, const int *b, int nb) {
    memcpy(out, a, na * sizeof(int));
    memcpy(out + na, b, nb * sizeof(int));
    return na + nb;
}

/* Legal cards to follow (idx > 0), one per touching group, likely best first. */
static int follows(Searcher *s, int seat, u64 hand, int idx, int lead_suit, int best,
                   int best_seat, u64 played, int *out) {
    u64 *hands = s->hands;
    int mxs = s->mx[seat];
    int good_now = (s->tgt[best_seat] == 1) == mxs;
    int me_good = (s->tgt[seat] == 1) == mxs;
    int sh = 13 * lead_suit;
    u64 held = (hand >> sh) & SUIT13;
    u64 allp = hands[0] | hands[1] | hands[2] | hands[3] | played;
    int win[13], lose[13], nw = 0, nl = 0;
    if (held) {
        u64 pres = (allp >> sh) & SUIT13;
        int thr = best / 13 == lead_suit ? best % 13 + 1 : 13;
        int reps[13];
        int nr = touching_reps(pres, held, reps);
        for (int i = nr - 1; i >= 0; i--) {
            if (reps[i] >= thr) win[nw++] = sh + reps[i];
            else lose[nl++] = sh + reps[i];
        }
    } else {
        for (int su = 0; su < 4; su++) {
            int ssh = 13 * su;
            u64 h = (hand >> ssh) & SUIT13;
            if (!h) continue;
            int reps[13];
            int nr = touching_reps((allp >> ssh) & SUIT13, h, reps);
            for (int i = 0; i < nr; i++) {
                int c = ssh + reps[i];
                if (beats(best, c)) win[nw++] = c;
                else lose[nl++] = c;
            }
        }
        /* losers low to high by rank across suits (ties by card), winners by card */
        for (int i = 1; i < nl; i++) {
            int c = lose[i], j = i - 1;
            while (j >= 0 && (lose[j] % 13 > c % 13 || (lose[j] % 13 == c % 13 && lose[j] > c))) {
                lose[j + 1] = lose[j];
                j--;
            }
            lose[j + 1] = c;
        }
        for (int i = 1; i < nw; i++) {
            int c = win[i], j = i - 1;
            while (j >= 0 && win[j] > c) {
                win[j + 1] = win[j];
                j--;
            }
            win[j + 1] = c;
        }
    }
    int rlose[13];
    for (int i = 0; i < nl; i++) rlose[i] = lose[nl - 1 - i];
    if (good_now) {
        return me_good ? cat(out, lose, nl, win, nw) : cat(out, rlose, nl, win, nw);
    }
    if (!me_good) return cat(out, rlose, nl, win, nw);
    int o2[13];
    int n2 = cat(o2, win, nw, lose, nl);
    if (idx == s->last) {
        memcpy(out, o2, n2 * sizeof(int));
        return n2;
    }
    if (idx == 1) { /* moves.second_hand */
        int third = (seat + 1) & 3, fourth = (seat + 2) & 3;
        const int *fr = s->fr[seat];
        if (!held || s->last != 3 || fr[third] || !fr[fourth]) return cat(out, lose, nl, win, nw);
        u64 theirs = (hands[third] >> sh) & SUIT13;
        if (!theirs && (hands[third] & SPADES_MASK)) return cat(out, lose, nl, win, nw);
        int top = bitlen(theirs) - 1;
        if (best - sh > top) top = best - sh;
        if (bitlen((hands[fourth] >> sh) & SUIT13) - 1 > top) return cat(out, lose, nl, win, nw);
        int o0[13], n = 0, na = 0;
        int n0 = cat(o0, lose, nl, win, nw);
        for (int i = 0; i < n2; i++)
            if (o2[i] - sh > top) out[na++] = o2[i];
        if (!na) {
            memcpy(out, o0, n0 * sizeof(int));
            return n0;
        }
        n = na;
        for (int i = 0; i < n0; i++)
            if (o0[i] - sh <= top) out[n++] = o0[i];
        return n;
    }
    int nxt = (seat + s->step) & 3;
    if (held && !s->fr[seat][nxt]) {
        u64 theirs = (hands[nxt] >> sh) & SUIT13;
        if (theirs) {
            int floor = sh + bitlen(theirs) - 1, n = 0;
            for (int i = 0; i < n2; i++)
                if (o2[i] > floor) out[n++] = o2[i];
            for (int i = 0; i < n2; i++)
                if (o2[i] <= floor) out[n++] = o2[i];
            return n;
        }
    }
    memcpy(out, o2, n2 * sizeof(int));
    return n2;
}
