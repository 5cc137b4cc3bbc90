/* The double-dummy search of search.py (_Search, with claim_search's Nil bound), compiled.
 *
 * The same game, node for node the same rules: spades trump; follow suit if able; no spade
 * led before spades are broken unless the leader holds only spades; spades broken once any
 * spade is played. A goal is whose tricks count (``tgt``) and who wants them many (``mx``),
 * so one search answers trick claims and Nil claims. The search is search.py's: a boolean
 * "can the maximizers make the target take k?" with a transposition table at trick
 * boundaries keyed on each suit's ranks renumbered among the cards still in play and storing
 * (lower, upper) bounds, touching cards tried once, the sure-trick bounds of
 * ``_Search.bounds`` and ``claim_search.nil_safe``, and the move ordering of moves.py.
 * What differs: the table is of fixed size (a full bucket overwrites its entry of fewest
 * cards: it loses entries, never answers wrong), where the Python table keeps everything;
 * one more Nil bound (nil_forced: a lead the bidder must win); an optional oracle answers
 * trick boundaries with spades broken (claim_search passes DDS: bridge's rules are ours
 * there); and a question can name the card that answered it (proof_card), so that a line is
 * built with one search a card.
 *
 * compiled_search.py is its only caller; tests/unit/test_solver_compiled.py compares it with
 * the reference search on random positions. The GIL is released while it searches and taken
 * back every 16,384 positions to ask the caller's stop() (search.stoppable).
 */
#include "_spades_dd.h"
#include "_spades_dd_moves.h"

/* ---- transposition table ------------------------------------------------------------ */

/* One suit of the deal: the owners (2 bits each) of the cards still in play, high to low,
 * and how many there are: the suit's ranks renumbered among the cards in play. */
static inline u64 canon_suit(const u64 *h, int sh) {
    u64 s0 = (h[0] >> sh) & SUIT13, s1 = (h[1] >> sh) & SUIT13;
    u64 s2 = (h[2] >> sh) & SUIT13, s3 = (h[3] >> sh) & SUIT13;
    u64 pres = s0 | s1 | s2 | s3, out = 0;
    u64 odd = s1 | s3, high = s2 | s3; /* an owner's two bits: seat 1 or 3; seat 2 or 3 */
    int count = 0;
    while (pres) {
        int r = bitlen(pres) - 1;
        out = out << 2 | (odd >> r & 1) | (high >> r & 1) << 1;
        pres ^= 1ULL << r;
        count++;
    }
    return out << 4 | (u64)count;
}

static inline u64 mix(u64 a, u64 b) {
    u64 x = a ^ (b * 0x9E3779B97F4A7C15ULL);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 29;
    return x;
}

static inline Entry *tt_bucket(Searcher *s, u64 a, u64 b, int tag) {
    return s->tt + (((mix(a, b) & s->tt_mask) & ~7ULL) | (u64)tag) * BUCKET;
}

/* Cards in play in a key (the work its entry saved grows with them). */
static inline int key_cards(u64 a, u64 b) {
    return (int)((a & 15) + (a >> 30 & 15) + (b & 15) + (b >> 30 & 15));
}

static int tt_find(Searcher *s, u64 a, u64 b, int tag, int *lo, int *hi) {
    Entry *bucket = tt_bucket(s, a, b, tag);
    for (int i = 0; i < BUCKET; i++) {
        if ((bucket[i].a & KEY_BITS) == a && (bucket[i].b & KEY_BITS) == b) {
            *lo = (int)(bucket[i].a >> 60);
            *hi = (int)(bucket[i].b >> 60);
            return 1;
        }
    }
    return 0;
}

/* Store bounds for a key: in its own slot, else an empty one, else over the entry of the
 * fewest cards (the cheapest to search again). */
static void tt_store(Searcher *s, u64 a, u64 b, int tag, int lo, int hi) {
    Entry *bucket = tt_bucket(s, a, b, tag);
    Entry *slot = NULL;
    int fewest = 99;
    for (int i = 0; i < BUCKET; i++) {
        u64 ea = bucket[i].a & KEY_BITS, eb = bucket[i].b & KEY_BITS;
        if ((ea == a && eb == b) || (bucket[i].a == 0 && bucket[i].b == 0)) {
            slot = &bucket[i];
            break;
        }
        int cards = key_cards(ea, eb);
        if (cards < fewest) {
            fewest = cards;
            slot = &bucket[i];
        }
    }
    slot->a = a | (u64)lo << 60;
    slot->b = b | (u64)hi << 60;
}

/* ---- sure-trick bounds (search._Search.bounds, .cash; claim_search.nil_safe) --------- */

static int cash(Searcher *s, int seat, int cls, const u64 *sp, const int *run, int *per_suit) {
    u64 *hands = s->hands;
    u64 hand = hands[seat];
    u64 allc = hands[0] | hands[1] | hands[2] | hands[3];
    int total = run ? run[seat] : 0;
    for (int i = 0; i < 3; i++) {
        int sh = 13 * i;
        u64 present = (allc >> sh) & SUIT13;
        u64 lack = present & ~(hand >> sh);
        int top = popc(present >> bitlen(lack));
        if (top) {
            for (int o = 0; o < 4; o++) {
                if (s->tgt[o] != cls && sp[o]) {
                    int f = popc((hands[o] >> sh) & SUIT13);
                    if (f < top) top = f;
                }
            }
            total += top;
        }
        per_suit[i] = top;
    }
    return total;
}

static int nil_safe(const u64 *hands, int leader, int seat) {
    u64 mine = hands[seat];
    if (mine & SPADES_MASK) return 0;
    u64 others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~mine;
    int on_lead = leader == seat, lead_safe = !on_lead;
    for (int sh = 0; sh < 39; sh += 13) {
        u64 held = (mine >> sh) & SUIT13;
        if (!held) continue;
        u64 theirs = (others >> sh) & SUIT13;
        if (!theirs) continue;
        if (on_lead) {
            if (bitlen(held) > lowest_rank(theirs)) return 0;
            lead_safe = 1;
            continue;
        }
        while (held && theirs) {
            u64 a = held & -held, b = theirs & -theirs;
            if (a > b) return 0;
            held ^= a;
            theirs ^= b;
        }
    }
    return lead_safe;
}

/* Whether the Nil bidder ``seat`` is sure to win this trick if his opponents want it: the
 * trick's lead (by an opponent, any suit he may lead; by the bidder, every suit he may lead)
 * is of a suit in which his lowest card is above every other card still in play, and his
 * partner can neither follow under it nor ruff it away (he holds the suit, or no spade, or
 * the suit is spades), and no opponent must ruff it (each holds the suit, or a card of
 * another suit than spades, or the suit is spades). The bidder must follow with a winner.
 * Sufficient, not necessary: the search decides the rest. */
static int nil_forced(const u64 *hands, int leader, int seat, int broken) {
    int partner = (seat + 2) & 3;
    if (leader == partner) return 0; /* he leads what suits the bidder */
    u64 mine = hands[seat];
    u64 others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~mine;
    u64 lead_hand = hands[leader];
    u64 legal = (broken || !(lead_hand & NON_SPADES_MASK)) ? lead_hand
                                                           : lead_hand & NON_SPADES_MASK;
    int any = 0;
    for (int su = 0; su < 4; su++) {
        int sh = 13 * su;
        if (!((legal >> sh) & SUIT13)) continue;
        u64 held = (mine >> sh) & SUIT13;
        int wins = held && lowest_rank(held) >= bitlen((others >> sh) & SUIT13)
                   && (su == 3 || ((hands[partner] >> sh) & SUIT13)
                       || !(hands[partner] & SPADES_MASK));
        for (int i = 1; wins && su != 3 && i < 4; i += 2) { /* the two opponents */
            int o = (seat + i) & 3;
            if (o != leader && !((hands[o] >> sh) & SUIT13) && !(hands[o] & NON_SPADES_MASK))
                wins = 0;
        }
        if (leader != seat) {
            if (wins) return 1;
        } else {
            if (!wins) return 0;
            any = 1;
        }
    }
    return any;
}

static void bounds(Searcher *s, int leader, int n, int k, int broken, int *plo, int *phi) {
    u64 *hands = s->hands;
    const int *tgt = s->tgt;
    if (s->nil_seat >= 0) {
        if (nil_safe(hands, leader, s->nil_seat)) {
            *plo = 0;
            *phi = 0;
            return;
        }
        if (nil_forced(hands, leader, s->nil_seat, broken)) {
            *plo = 1;
            *phi = n;
            return;
        }
    }
    u64 sp[4];
    for (int o = 0; o < 4; o++) sp[o] = (hands[o] >> 39) & SUIT13;
    u64 allsp = sp[0] | sp[1] | sp[2] | sp[3];
    int lo = 0, hi = n, run[4] = {0, 0, 0, 0}, run_cls = -1;
    if (allsp) {
        u64 top = 1ULL << (bitlen(allsp) - 1);
        run_cls = tgt[(sp[0] & top) ? 0 : (sp[1] & top) ? 1 : (sp[2] & top) ? 2 : 3];
        u64 cut = 0;
        for (int o = 0; o < 4; o++)
            if (tgt[o] != run_cls) cut |= sp[o];
        int c = bitlen(cut);
        int best = 0;
        for (int o = 0; o < 4; o++) {
            run[o] = popc(sp[o] >> c);
            if (run[o] > best) best = run[o];
        }
        if (run_cls) lo = best;
        else hi = n - best;
    }
    int cls = tgt[leader];
    if (cls != s->mx[leader] || lo >= k || hi < k) {
        *plo = lo;
        *phi = hi;
        return;
    }
    const int *mine = run_cls == cls ? run : NULL;
    int per[3], pper[3];
    int quick = cash(s, leader, cls, sp, mine, per);
    int partner = (leader + 2) & 3;
    if (quick < (cls ? k : n - k + 1) && s->step == 1 && hands[partner]
        && tgt[partner] == cls && s->mx[partner] == s->mx[leader]) {
        int pquick = cash(s, partner, cls, sp, mine, pper);
        if (pquick > quick) {
            for (int i = 0; i < 3; i++) {
                if (pper[i] && (hands[leader] >> (13 * i)) & SUIT13) {
                    quick = pquick;
                    break;
                }
            }
        }
    }
    if (quick > n) quick = n;
    if (cls) {
        if (quick > lo) lo = quick;
    } else if (n - quick < hi) {
        hi = n - quick;
    }
    *plo = lo;
    *phi = hi;
}

/* ---- the search ----------------------------------------------------------------------- */

static int trick(Searcher *s, int seat, int idx, int lead_suit, int best, int best_seat,
                 u64 played, int broken, int k);

/* The oracle's answer for this trick boundary (spades broken, so bridge's rules are ours):
 * oracle(hands, leader, k) -> bool, called with the GIL taken back. 0/1, or -1 when it
 * raised (the search stops with its exception). */
static int ask_oracle(Searcher *s, int leader, int k) {
    PyEval_RestoreThread(s->save);
    PyObject *r = PyObject_CallFunction(s->oracle, "(KKKK)ii", (unsigned long long)s->hands[0],
                                        (unsigned long long)s->hands[1],
                                        (unsigned long long)s->hands[2],
                                        (unsigned long long)s->hands[3], leader, k);
    int out = -1;
    if (r != NULL) {
        out = PyObject_IsTrue(r);
        Py_DECREF(r);
    }
    s->save = PyEval_SaveThread();
    return out;
}

/* Every STOP_EVERY positions: stop() (where a caller gave one) and, in any case, a signal
 * (Ctrl-C in the CLI: without this, a search with no stop() would hold the signal until it
 * ended, seconds on a hard deal). 0 go on; 1 stop() said stop; 2 an exception is set. */
static int check_stop(Searcher *s) {
    PyEval_RestoreThread(s->save);
    int stop = 0;
    if (PyErr_CheckSignals() < 0) {
        stop = 2;
    } else if (s->stop != NULL && s->stop != Py_None) {
        PyObject *r = PyObject_CallNoArgs(s->stop);
        if (r == NULL) {
            stop = 2;
        } else {
            stop = PyObject_IsTrue(r);
            Py_DECREF(r);
            if (stop < 0) stop = 2;
        }
    }
    s->save = PyEval_SaveThread();
    return stop;
}

/* At a trick boundary: can the maximizers still make k target tricks? */
static int ge(Searcher *s, int leader, int broken, int k) {
    if (k <= 0) return 1;
    u64 *hands = s->hands;
    int n = popc(hands[leader]);
    if (k > n) return 0;
    s->nodes++;
    if (!(s->nodes & STOP_EVERY)) {
        int stop = check_stop(s);
        if (stop) {
            s->stopped = stop;
            return 0;
        }
    }
    if (n == 1) {
        int seat = leader, b = bitlen(hands[seat]) - 1, bs = seat;
        for (int i = 0; i < s->last; i++) {
            seat = (seat + s->step) & 3;
            int c = bitlen(hands[seat]) - 1;
            if (beats(b, c)) {
                b = c;
                bs = seat;
            }
        }
        return s->tgt[bs] >= k;
    }
    if (n == 2) { /* two cards a hand: searched at once, cheaper than the table's memory */
        return trick(s, leader, 0, -1, -1, leader, 0, broken, k);
    }
    if (!((hands[0] | hands[1] | hands[2] | hands[3]) & SPADES_MASK)) broken = 1;
    u64 a = canon_suit(hands, 0) | canon_suit(hands, 13) << 30;
    u64 b = canon_suit(hands, 26) | canon_suit(hands, 39) << 30;
    int tag = leader << 1 | broken;
    int lo, hi;
    int e = tt_find(s, a, b, tag, &lo, &hi);
    if (e) {
    } else if (n > 2) {
        bounds(s, leader, n, k, broken, &lo, &hi);
    } else {
        lo = 0;
        hi = n;
    }
    if (lo >= k) {
        if (!e) tt_store(s, a, b, tag, lo, hi);
        return 1;
    }
    if (hi < k) {
        if (!e) tt_store(s, a, b, tag, lo, hi);
        return 0;
    }
    int r;
    if (broken && n >= s->oracle_from && s->oracle && s->oracle != Py_None) {
        r = ask_oracle(s, leader, k);
        if (r < 0) {
            s->stopped = 2;
            return 0;
        }
    } else {
        r = trick(s, leader, 0, -1, -1, leader, 0, broken, k);
        if (s->stopped) return 0;
    }
    if (r) tt_store(s, a, b, tag, k, hi);
    else tt_store(s, a, b, tag, lo, k - 1);
    return r;
}

static int trick(Searcher *s, int seat, int idx, int lead_suit, int best, int best_seat,
                 u64 played, int broken, int k) {
    u64 *hands = s->hands;
    u64 hand = hands[seat];
    int is_max = s->mx[seat];
    int last = idx == s->last;
    int root = s->at_root;
    s->at_root = 0;
    int nxt = (seat + s->step) & 3;
    int moves[52], nm;
    if (idx == 0) {
        u64 legal = (broken || !(hand & NON_SPADES_MASK)) ? hand : hand & NON_SPADES_MASK;
        nm = leads(s, seat, legal, moves);
    } else {
        nm = follows(s, seat, hand, idx, lead_suit, best, best_seat, played, moves);
    }
    for (int i = 0; i < nm; i++) {
        int c = moves[i];
        int ls = lead_suit, b = best, bs = best_seat;
        hands[seat] = hand ^ (1ULL << c);
        if (idx == 0) {
            ls = c / 13;
            b = c;
            bs = seat;
        } else if (beats(best, c)) {
            b = c;
            bs = seat;
        }
        int nb = broken || c >= 39;
        int r;
        if (last) r = ge(s, bs, nb, k - s->tgt[bs]);
        else r = trick(s, nxt, idx + 1, ls, b, bs, played | 1ULL << c, nb, k);
        hands[seat] = hand;
        if (s->stopped) return 0;
        if (r == is_max) {
            if (idx == 0) s->hist[seat * 52 + c] += 1u << popc(hand);
            if (root) s->proof_card = c;
            return r;
        }
    }
    return !is_max;
}

/* ---- the Python type ------------------------------------------------------------------- */

/* The table's memory, zeroed (an empty table: no key is 0, a searched position holds cards),
 * its pages costing nothing until the search writes them. Where Linux gives huge pages on
 * request, a table of HUGE_TABLE bytes or more asks for them: a probe lands anywhere in it,
 * and with 4 kB pages most probes also miss the TLB (a full deal's 64 MB table spans 16,384
 * of them). Not the small tables of short endings, solved in milliseconds: a huge page can
 * cost the kernel a compaction. *mapped: the bytes mmap gave (0 when calloc did). */
static Entry *table_alloc(size_t bytes, size_t *mapped) {
    *mapped = 0;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_TABLE) {
        /* mmap aligns to 4 kB only: map a huge page more and use the aligned part. */
        size_t len = bytes + HUGE_PAGE;
        char *raw = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw != MAP_FAILED) {
            char *start = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
            if (start > raw) munmap(raw, (size_t)(start - raw));
            size_t tail = (size_t)(raw + len - (start + bytes));
            if (tail) munmap(start + bytes, tail);
            madvise(start, bytes, MADV_HUGEPAGE); /* a hint: without it, 4 kB pages */
            *mapped = bytes;
            return (Entry *)start;
        }
    }
#endif
    return PyMem_Calloc(bytes, 1);
}

static void table_free(Searcher *self) {
    if (self->tt == NULL) return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (self->tt_bytes) munmap(self->tt, self->tt_bytes);
    else PyMem_Free(self->tt);
#else
    PyMem_Free(self->tt);
#endif
    self->tt = NULL;
    self->tt_bytes = 0;
}

static int Searcher_init(Searcher *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"target", "maximizers", "two_player", "nil_seat", "table_bits",
                            "oracle", "oracle_from", NULL};
    int target, maximizers, two_player, nil_seat, bits = 18, oracle_from = 14;
    PyObject *oracle = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iipi|iOi", names, &target, &maximizers,
                                     &two_player, &nil_seat, &bits, &oracle, &oracle_from))
        return -1;
    if (oracle != Py_None && !PyCallable_Check(oracle)) {
        PyErr_SetString(PyExc_TypeError, "oracle must be None or callable");
        return -1;
    }
    if (self->busy) { /* a callback re-initialising the Searcher it is called from */
        PyErr_SetString(PyExc_RuntimeError, "this Searcher is searching");
        return -1;
    }
    Py_INCREF(oracle);
    Py_XSETREF(self->oracle, oracle);
    self->oracle_from = oracle_from;
    if (bits < 4 || bits > 26) {
        PyErr_SetString(PyExc_ValueError, "table_bits must be 4..26");
        return -1;
    }
    for (int a = 0; a < 4; a++) {
        self->tgt[a] = target >> a & 1;
        self->mx[a] = maximizers >> a & 1;
    }
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) self->fr[a][b] = (self->tgt[b] == 1) == self->mx[a];
    self->step = two_player ? 2 : 1;
    self->last = two_player ? 1 : 3;
    self->nil_seat = nil_seat;
    size_t buckets = (size_t)1 << bits;
    table_free(self);
    self->tt = table_alloc(buckets * BUCKET * sizeof(Entry), &self->tt_bytes);
    if (self->tt == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    self->tt_mask = buckets - 1;
    memset(self->hist, 0, sizeof(self->hist));
    self->nodes = 0;
    return 0;
}

static void Searcher_dealloc(Searcher *self) {
    table_free(self);
    Py_XDECREF(self->oracle);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

PyDoc_STRVAR(at_least_doc,
"at_least(hands, leader, idx, lead_suit, best, best_seat, played, broken, k, stop,\n"
"         card=False)\n\n"
"Whether the maximizers can make the target take at least k of the tricks left (the\n"
"current one included). hands: the four 52-bit masks; idx: cards played to the current\n"
"trick; lead_suit, best, best_seat, played: the trick so far (search.trick_state);\n"
"stop: None or a callable asked every 16,384 positions. None if stop() said to stop.\n"
"card: search the position itself, not its table entry, so that ``proof_card`` names the\n"
"card with which the seat to move gives the answer that suits him (a maximizer True, the\n"
"others False); without it ``proof_card`` names it when the position was searched, else -1.");

static PyObject *Searcher_at_least(Searcher *self, PyObject *args) {
    PyObject *hands_obj, *stop;
    int leader, idx, lead_suit, best, best_seat, broken, k;
    unsigned long long played;
    int card = 0;
    if (!PyArg_ParseTuple(args, "OiiiiiKpiO|p", &hands_obj, &leader, &idx, &lead_suit, &best,
                          &best_seat, &played, &broken, &k, &stop, &card))
        return NULL;
    /* One question at a time: its state lives on the object while the GIL is released (a
     * second thread, or a callback asking again, would take it over). */
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this Searcher is already searching");
        return NULL;
    }
    if (self->tt == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "this Searcher has no table (not initialised)");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(hands_obj, "hands must be a sequence of 4 masks");
    if (seq == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != 4) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "hands must hold 4 masks");
        return NULL;
    }
    for (int i = 0; i < 4; i++) {
        unsigned long long h = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (h >> 52) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a hand holds a card above 51");
            return NULL;
        }
        self->hands[i] = h;
    }
    Py_DECREF(seq);
    if (leader < 0 || leader > 3 || idx < 0 || idx > self->last) {
        PyErr_SetString(PyExc_ValueError, "bad leader or trick position");
        return NULL;
    }
    if (idx > 0 && (lead_suit < 0 || lead_suit > 3 || best < 0 || best > 51 || best_seat < 0
                    || best_seat > 3 || (played >> 52))) {
        PyErr_SetString(PyExc_ValueError, "bad trick so far (suit led, best card or seat)");
        return NULL;
    }
    int seat = (leader + idx * self->step) & 3;
    int n = popc(self->hands[seat]);
    int r;
    self->stop = stop;
    self->stopped = 0;
    self->proof_card = -1;
    self->busy = 1;
    self->save = PyEval_SaveThread();
    self->at_root = 1; /* the first trick() searched is the position's own: its card counts */
    if (k <= 0 || k > n) {
        r = k <= 0;
    } else if (idx == 0 && !card) {
        r = ge(self, leader, broken, k); /* its table entry or bounds may answer, cardless */
    } else { /* search the position itself (not its table entry), to know the card */
        r = trick(self, seat, idx, lead_suit, best, best_seat, (u64)played, broken, k);
    }
    self->at_root = 0;
    PyEval_RestoreThread(self->save);
    self->busy = 0;
    self->stop = NULL;
    if (self->stopped == 2) return NULL; /* stop() or the oracle raised: its exception is set */
    if (self->stopped) Py_RETURN_NONE;
    return PyBool_FromLong(r);
}

static PyObject *Searcher_nodes(Searcher *self, void *closure) {
    return PyLong_FromLongLong(self->nodes);
}

static PyMethodDef Searcher_methods[] = {
    {"at_least", (PyCFunction)Searcher_at_least, METH_VARARGS, at_least_doc},
    {NULL, NULL, 0, NULL},
};

static PyObject *Searcher_proof_card(Searcher *self, void *closure) {
    return PyLong_FromLong(self->proof_card);
}

static PyGetSetDef Searcher_getset[] = {
    {"proof_card", (getter)Searcher_proof_card, NULL,
     "After at_least(..., card=True): the mover's card that gave the answer, or -1.", NULL},
    {"nodes", (getter)Searcher_nodes, NULL, "Trick boundaries searched so far.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "scorekeeper.rules.solver._spades_dd.Searcher",
    .tp_basicsize = sizeof(Searcher),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Searcher(target, maximizers, two_player, nil_seat, table_bits=18): the search of "
              "search._Search for one goal (seat bit masks; nil_seat -1 or the Nil bidder, "
              "for claim_search.nil_safe's bound); its table lives as long as it does.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Searcher_init,
    .tp_dealloc = (destructor)Searcher_dealloc,
    .tp_methods = Searcher_methods,
    .tp_getset = Searcher_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_spades_dd",
    "The double-dummy search of search.py, compiled (see compiled_search.py).", -1, NULL,
};

PyMODINIT_FUNC PyInit__spades_dd(void) {
    if (PyType_Ready(&SearcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&SearcherType);
    if (PyModule_AddObject(m, "Searcher", (PyObject *)&SearcherType) < 0) {
        Py_DECREF(&SearcherType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
