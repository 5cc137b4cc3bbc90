/* A plain partnership hand's deal and tricks, read from its parsed JSON and checked: the
 * compiled twin of plain_play.play_plain_py (which calls the rules core's play_tricks4).
 *
 * It answers one question: are these the four 13-card hands of one deck, and 13 tricks of
 * four cards played cleanly from them (each led by the last trick's winner, from the first
 * to act; every card held; none twice; suit followed; no spade led before spades are broken
 * by a seat holding another suit)? If so, the tricks won by seat and each trick's winner;
 * if not (or the shape is not the plain one), None, and the bulk audit leaves the log to the
 * full audit, which names what is wrong.
 *
 * It holds no rule table of its own: configure() is given the card and seat names and the
 * tables of the rules core (clean_tricks.BEATS, LED_MASK, ORDER, cards.SPADES_MASK and
 * NON_SPADES_MASK), as the Python loop uses them. The loop repeats play_tricks4's (the spade lead test and the
 * exclusive-or bookkeeping); tests/unit/test_plain_play.py compares the two on random
 * hands and on every kind of damaged one.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef uint64_t u64;

static int configured = 0;
static signed char card_of[128 * 128]; /* a two-letter ASCII card name -> card, or -1 */
static signed char seat_of[128];       /* a one-letter ASCII seat name -> seat, or -1 */
static unsigned char beats[52][52];    /* beats[best][c]: c takes the trick from best */
static u64 led_mask[52];               /* the mask of the suit a lead of c asks for */
static unsigned char order[4][4];      /* order[leader]: the seats in play order */
static u64 spades_mask, non_spades_mask;
static PyObject *int_of[14];           /* 0..13 as Python ints, for the results */

/* The card a name stands for, or -1 (not a text, or not a card's name). */
static inline int card_id(PyObject *o) {
    if (!PyUnicode_CheckExact(o) || !PyUnicode_IS_COMPACT_ASCII(o) ||
        PyUnicode_GET_LENGTH(o) != 2)
        return -1;
    const unsigned char *s = (const unsigned char *)PyUnicode_DATA(o);
    return card_of[(s[0] & 127) << 7 | (s[1] & 127)];
}

static inline int seat_id(PyObject *o) {
    if (!PyUnicode_CheckExact(o) || !PyUnicode_IS_COMPACT_ASCII(o) ||
        PyUnicode_GET_LENGTH(o) != 1)
        return -1;
    return seat_of[((const unsigned char *)PyUnicode_DATA(o))[0] & 127];
}

/* Each name of ``names`` (``length`` ASCII letters) and its number, 0 to ``most``, into
 * ``table`` (indexed as card_id and seat_id read a name); -1 with ValueError for any other. */
static int read_names(PyObject *names, Py_ssize_t length, long most, signed char *table,
                      const char *what) {
    Py_ssize_t pos = 0;
    PyObject *k, *v;
    while (PyDict_Next(names, &pos, &k, &v)) {
        long n = PyLong_Check(v) ? PyLong_AsLong(v) : -1;
        if (!PyUnicode_CheckExact(k) || !PyUnicode_IS_COMPACT_ASCII(k) ||
            PyUnicode_GET_LENGTH(k) != length || n < 0 || n > most) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "configure: %s", what);
            return -1;
        }
        const unsigned char *s = (const unsigned char *)PyUnicode_DATA(k);
        table[length == 2 ? s[0] << 7 | s[1] : s[0]] = (signed char)n;
    }
    return 0;
}

PyDoc_STRVAR(configure_doc,
"configure(card_ids, seat_ids, beats, led_mask, order, spades_mask, non_spades_mask)\n\n"
"The names and tables the check uses, from the rules core: card_ids maps each card's name\n"
"(two ASCII letters) to its number 0-51, seat_ids each seat's (one letter) to 0-3; beats\n"
"is 52*52 bytes (beats[best*52 + c]: 1 if c takes the trick from best); led_mask the 52\n"
"suit masks; order the four seats in play order from each leader.");

static PyObject *configure(PyObject *self, PyObject *args) {
    PyObject *cards, *seats, *led, *ord;
    Py_buffer bt;
    unsigned long long sp, nsp;
    if (!PyArg_ParseTuple(args, "O!O!y*O!O!KK", &PyDict_Type, &cards, &PyDict_Type, &seats,
                          &bt, &PyTuple_Type, &led, &PyTuple_Type, &ord, &sp, &nsp))
        return NULL;
    /* Read into tables of its own, kept only if everything is right: a refused call leaves
     * the check as it was. */
    static signed char cards_new[128 * 128], seats_new[128];
    static unsigned char beats_new[52][52], order_new[4][4];
    static u64 led_new[52];
    int ok = bt.len == 52 * 52 && PyTuple_GET_SIZE(led) == 52 && PyTuple_GET_SIZE(ord) == 4 &&
             PyDict_GET_SIZE(cards) == 52 && PyDict_GET_SIZE(seats) == 4;
    if (ok)
        memcpy(beats_new, bt.buf, 52 * 52);
    PyBuffer_Release(&bt);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "configure: tables of the wrong size");
        return NULL;
    }
    memset(cards_new, -1, sizeof cards_new);
    memset(seats_new, -1, sizeof seats_new);
    if (read_names(cards, 2, 51, cards_new, "a card name is not two ASCII letters for a card"
                   " 0-51") < 0 ||
        read_names(seats, 1, 3, seats_new, "a seat name is not one ASCII letter for a seat 0-3")
            < 0)
        return NULL;
    for (int c = 0; c < 52; c++) {
        led_new[c] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(led, c));
        if (PyErr_Occurred())
            return NULL;
    }
    for (int l = 0; l < 4; l++) {
        PyObject *row = PyTuple_GET_ITEM(ord, l);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 4) {
            PyErr_SetString(PyExc_ValueError, "configure: an order is not four seats");
            return NULL;
        }
        for (int i = 0; i < 4; i++) {
            long s = PyLong_AsLong(PyTuple_GET_ITEM(row, i));
            if (s < 0 || s > 3) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "configure: a seat out of 0-3");
                return NULL;
            }
            order_new[l][i] = (unsigned char)s;
        }
    }
    memcpy(card_of, cards_new, sizeof card_of);
    memcpy(seat_of, seats_new, sizeof seat_of);
    memcpy(beats, beats_new, sizeof beats);
    memcpy(led_mask, led_new, sizeof led_mask);
    memcpy(order, order_new, sizeof order);
    spades_mask = sp;
    non_spades_mask = nsp;
    configured = 1;
    Py_RETURN_NONE;
}

/* The mask of a seat's 13 cards, or 0 (not a list of 13 different card names). */
static u64 hand_mask(PyObject *cards) {
    if (!PyList_CheckExact(cards) || PyList_GET_SIZE(cards) != 13)
        return 0;
    u64 mask = 0;
    for (int i = 0; i < 13; i++) {
        int c = card_id(PyList_GET_ITEM(cards, i));
        if (c < 0 || mask >> c & 1)
            return 0;
        mask |= 1ULL << c;
    }
    return mask;
}

PyDoc_STRVAR(play_doc,
"play(deal, tricks, first) -> (won, winners) | None\n\n"
"The tricks won by seat (a list of four) and each trick's winner (a list of 13 seats) of a\n"
"plain, clean hand: deal a dict of the four seats' names to lists of 13 card names, one\n"
"deck among them; tricks a list of 13 dicts {\"leader\": seat name, \"cards\": four card\n"
"names}, played cleanly, the first led by seat number first. None for anything else.");

static PyObject *play(PyObject *self, PyObject *args) {
    PyObject *deal, *tricks, *first;
    if (!PyArg_ParseTuple(args, "OOO", &deal, &tricks, &first))
        return NULL;
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "play: configure() first");
        return NULL;
    }
    /* first: an int 0-3 (anything else has no seat to lead: None, as in Python). */
    int overflow;
    long turn = PyLong_Check(first) ? PyLong_AsLongAndOverflow(first, &overflow) : -1;
    if (turn < 0 || turn > 3 || !PyDict_CheckExact(deal) || PyDict_GET_SIZE(deal) != 4 ||
        !PyList_CheckExact(tricks) || PyList_GET_SIZE(tricks) != 13)
        Py_RETURN_NONE;
    u64 hold[4] = {0, 0, 0, 0}, start[4], deck = 0;
    Py_ssize_t pos = 0;
    PyObject *k, *v;
    while (PyDict_Next(deal, &pos, &k, &v)) {
        int s = seat_id(k);
        u64 m = hand_mask(v);
        if (s < 0 || !m || hold[s])
            Py_RETURN_NONE;
        hold[s] = m;
        deck |= m;
    }
    if (deck != (1ULL << 52) - 1)
        Py_RETURN_NONE;
    memcpy(start, hold, sizeof hold);
    int won[4] = {0, 0, 0, 0}, winners[13], clean = 1;
    u64 played = 0;
    for (int t = 0; t < 13; t++) {
        PyObject *trick = PyList_GET_ITEM(tricks, t);
        if (!PyDict_CheckExact(trick) || PyDict_GET_SIZE(trick) != 2)
            Py_RETURN_NONE;
        /* Its two entries walked, not looked up: a lookup may call a key's __eq__ (Python
         * code, which could change the lists under us); nothing here runs Python code. */
        PyObject *lt = NULL, *cl = NULL;
        Py_ssize_t at = 0;
        while (PyDict_Next(trick, &at, &k, &v)) {
            if (!PyUnicode_CheckExact(k))
                Py_RETURN_NONE;
            if (PyUnicode_CompareWithASCIIString(k, "leader") == 0)
                lt = v;
            else if (PyUnicode_CompareWithASCIIString(k, "cards") == 0)
                cl = v;
        }
        if (!lt || !cl)
            Py_RETURN_NONE;
        int leader = seat_id(lt);
        if (leader < 0 || !PyList_CheckExact(cl) || PyList_GET_SIZE(cl) != 4)
            Py_RETURN_NONE;
        int c[4];
        for (int i = 0; i < 4; i++)
            if ((c[i] = card_id(PyList_GET_ITEM(cl, i))) < 0)
                Py_RETURN_NONE;
        const unsigned char *seat = order[leader];
        if (seat[0] != turn)
            clean = 0;
        u64 h = hold[seat[0]], b = 1ULL << c[0];
        hold[seat[0]] = h ^ b;
        if ((b & spades_mask) && !(played & spades_mask) && (h & non_spades_mask))
            clean = 0;
        u64 led = led_mask[c[0]], trick_bits = b;
        for (int i = 1; i < 4; i++) {
            h = hold[seat[i]];
            b = 1ULL << c[i];
            hold[seat[i]] = h ^ b;
            if (!(b & led) && (h & led))
                clean = 0;
            trick_bits |= b;
        }
        played |= trick_bits;
        int best = c[0];
        turn = seat[0];
        for (int i = 1; i < 4; i++)
            if (beats[best][c[i]]) {
                best = c[i];
                turn = seat[i];
            }
        won[turn]++;
        winners[t] = turn;
    }
    if (played != (1ULL << 52) - 1)
        clean = 0; /* a card played twice */
    for (int s = 0; s < 4; s++)
        if (hold[s] & ~start[s])
            clean = 0; /* a card its seat did not hold */
    if (!clean)
        Py_RETURN_NONE;
    PyObject *w = PyList_New(4), *ws = PyList_New(13);
    if (!w || !ws) {
        Py_XDECREF(w);
        Py_XDECREF(ws);
        return NULL;
    }
    for (int s = 0; s < 4; s++) {
        Py_INCREF(int_of[won[s]]);
        PyList_SET_ITEM(w, s, int_of[won[s]]);
    }
    for (int t = 0; t < 13; t++) {
        Py_INCREF(int_of[winners[t]]);
        PyList_SET_ITEM(ws, t, int_of[winners[t]]);
    }
    return Py_BuildValue("(NN)", w, ws);
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_VARARGS, configure_doc},
    {"play", play, METH_VARARGS, play_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_plain_play",
    "A plain partnership hand's deal and tricks, read and checked (see plain_play.py).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__plain_play(void) {
    for (int i = 0; i < 14; i++)
        if (!(int_of[i] = PyLong_FromLong(i)))
            return NULL;
    return PyModule_Create(&module);
}
