/* The compiled half of ttt_desktop.players.searcher: the Searcher's whole tree.
 *
 * Tables(...) takes one rules value's search tables, flattened once by searcher.py
 * (compiled_tables), and keeps them as C arrays. run(tables, ...) then searches one
 * position as Search.run's pure-Python tree does, for free-style and exactly-k rules:
 * the same windows and sums, the same expansion of a node (a win, a draw, two fours lost,
 * a forced block searched as deep, the horizon's value, the transposition table, the last
 * ply scored from the tables with its tactical moves searched, the move order by packed
 * gain and loss, history, killers and the table's move), the same principal variation
 * search with its null windows, node counts and look at the budget every 16 nodes, and
 * the same iterative deepening at the root. Same position and node or depth budget, same
 * answer, to the node. Renju and caro keep the pure-Python tree.
 *
 * run(tables, x, o, near, key, side, moves, limit, node_limit, deadline, started, seconds,
 * stop, table_limit, width, whole_budget) takes the position (each side's stones and the cells near them as little-endian
 * bytes, its Zobrist key, the side to move), the root's moves in order as (cell, packed
 * gain and loss >> shift, & loss_mask), the deepest iteration, the budget, and the
 * entries the transposition table keeps before it is cleared, and the moves searched at an
 * inner node (None: all; the rest are pruned, the node then valued at least -proven), and
 * whether the deepening goes on to the end of the budget (else no iteration starts after
 * 40% of it), taking from an iteration cut short a move that proved better than the first.
 * The result is (move, value, depth, nodes, scores, first, stopped, table, scored): the move,
 * value and depth of the last finished iteration (move -1 when none finished), every root
 * move's (cell, value, exact) in that iteration, the root's first move in its final order,
 * whether the caller's stop() ended the search, and the transposition table (a Table,
 * whose get(key) answers as the Python tree's dict does) for the principal line, and how
 * many of the nodes were last-ply children scored from the tables without being entered.
 *
 * Values fit in 64 bits (searcher.py builds the tables only when they do); a packed gain
 * and loss, which need not, is kept as its two halves. The GIL is let go while searching
 * and taken again only to call stop().
 *
 * This file is the project's own (MIT, like the rest); it needs only the C compiler and
 * Python's headers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _MSC_VER
#include <intrin.h>
#include <windows.h>
#endif

#define MAX_PLY 64
#define CHECK_EVERY 16
#define SIGNALS_EVERY 64 /* looks at the budget between two looks at the signals */
#define MAX_WORDS 7 /* 448 bits: a 20x20 board's 400 cells */
#define EXACT 0
#define LOWER 1
#define UPPER 2

#ifdef _MSC_VER
static inline int
popcount64(uint64_t word)
{
    return (int)__popcnt64(word);
}

static inline int
lowest_bit(uint64_t word)
{
    unsigned long at;
    _BitScanForward64(&at, word);
    return (int)at;
}
#else
static inline int
popcount64(uint64_t word)
{
    return __builtin_popcountll(word);
}

static inline int
lowest_bit(uint64_t word)
{
    return __builtin_ctzll(word);
}
#endif

/* ---- The tables of one rules value ---------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    int size, k, k1, windows, words, states, exact, big;
    int *cells;          /* windows * k: each window's cells */
    int *through_at;     /* size + 1 offsets into through */
    int *through;        /* the windows through each cell */
    int *ends;           /* windows * 2: the cells just beyond a window's ends, or -1 */
    int64_t *gain;       /* 2 * states: the gain half of a side's packed gain and loss */
    int64_t *loss;       /* 2 * states: its loss half */
    int64_t *front;      /* 2 * states: the last ply's worth of playing in a window */
    int64_t *weights;    /* k + 1 */
    uint64_t *near;      /* size * words: the cells near each cell */
    uint64_t *zobrist;   /* 2 * size */
    uint64_t side_key;
    int four_state[2];
    int64_t four, mate, proven, loss_mask, tactical_bit, killer_bonus;
    int shift;
    int ahead, behind; /* the side to move's sum counts ahead times, the other's behind */
} TablesObject;

static void
tables_dealloc(TablesObject *self)
{
    free(self->cells);
    free(self->through_at);
    free(self->through);
    free(self->ends);
    free(self->gain);
    free(self->loss);
    free(self->front);
    free(self->weights);
    free(self->near);
    free(self->zobrist);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A list of ints as a new C array of `want` int64s (want < 0: any length, told by *got). */
static int64_t *
int64s(PyObject *list, Py_ssize_t want, Py_ssize_t *got)
{
    if (!PyList_Check(list) || (want >= 0 && PyList_GET_SIZE(list) != want)) {
        PyErr_SetString(PyExc_ValueError, "a table of the wrong shape");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(list);
    int64_t *out = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
    if (out == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsLongLong(PyList_GET_ITEM(list, i));
        if (out[i] == -1 && PyErr_Occurred()) {
            free(out);
            return NULL;
        }
    }
    if (got != NULL) {
        *got = n;
    }
    return out;
}

static int *
ints(PyObject *list, Py_ssize_t want, Py_ssize_t *got)
{
    Py_ssize_t n = 0;
    int64_t *wide = int64s(list, want, &n);
    if (wide == NULL) {
        return NULL;
    }
    int *out = malloc(sizeof(int) * (size_t)(n ? n : 1));
    if (out == NULL) {
        free(wide);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = (int)wide[i];
    }
    free(wide);
    if (got != NULL) {
        *got = n;
    }
    return out;
}

static uint64_t *
uint64s(PyObject *list, Py_ssize_t want)
{
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != want) {
        PyErr_SetString(PyExc_ValueError, "a table of the wrong shape");
        return NULL;
    }
    uint64_t *out = malloc(sizeof(uint64_t) * (size_t)(want ? want : 1));
    if (out == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < want; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(list, i));
        if (out[i] == (uint64_t)-1 && PyErr_Occurred()) {
            free(out);
            return NULL;
        }
    }
    return out;
}

/* Little-endian bytes as `words` 64-bit words. */
static int
words_of(PyObject *bytes, uint64_t *out, int words)
{
    if (!PyBytes_Check(bytes) || PyBytes_GET_SIZE(bytes) != 8 * words) {
        PyErr_SetString(PyExc_ValueError, "a mask of the wrong length");
        return -1;
    }
    const unsigned char *at = (const unsigned char *)PyBytes_AS_STRING(bytes);
    for (int w = 0; w < words; w++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--) {
            word = word << 8 | at[8 * w + b];
        }
        out[w] = word;
    }
    return 0;
}

static PyObject *
tables_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    int size, k, exact, big, shift, four_x, four_o, ahead, behind;
    long long four, mate, proven, loss_mask, tactical_bit, killer_bonus;
    unsigned long long side_key;
    PyObject *cells, *through_at, *through, *ends, *gain, *loss, *front, *weights, *near,
        *zobrist;
    if (kwargs != NULL && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "Tables takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "iippO!O!O!O!O!O!O!O!SO!KiiLLLLiLLii", &size, &k, &exact, &big,
                          &PyList_Type, &cells, &PyList_Type, &through_at, &PyList_Type,
                          &through, &PyList_Type, &ends, &PyList_Type, &gain, &PyList_Type,
                          &loss, &PyList_Type, &front, &PyList_Type, &weights, &near,
                          &PyList_Type, &zobrist, &side_key, &four_x, &four_o, &four, &mate,
                          &proven, &loss_mask, &shift, &tactical_bit, &killer_bonus, &ahead,
                          &behind)) {
        return NULL;
    }
    if (size < 1 || size > 64 * MAX_WORDS || k < 2 || shift < 1 || shift > 62 || ahead < 0 ||
        ahead > 64 || behind < 0 || behind > 64) {
        PyErr_SetString(PyExc_ValueError, "tables beyond what the compiled search takes");
        return NULL;
    }
    TablesObject *self = (TablesObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->size = size;
    self->k = k;
    self->k1 = k + 1;
    self->states = self->k1 * self->k1 + 1;
    self->exact = exact;
    self->big = big;
    self->words = (size + 63) / 64;
    self->side_key = side_key;
    self->four_state[0] = four_x;
    self->four_state[1] = four_o;
    self->four = four;
    self->mate = mate;
    self->proven = proven;
    self->loss_mask = loss_mask;
    self->shift = shift;
    self->tactical_bit = tactical_bit;
    self->killer_bonus = killer_bonus;
    self->ahead = ahead;
    self->behind = behind;
    Py_ssize_t n_cells = 0, n_through = 0;
    if ((self->cells = ints(cells, -1, &n_cells)) == NULL ||
        (self->through_at = ints(through_at, size + 1, NULL)) == NULL ||
        (self->through = ints(through, -1, &n_through)) == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    self->windows = (int)(n_cells / k);
    if (n_cells % k || self->through_at[0] != 0 || self->through_at[size] != n_through) {
        PyErr_SetString(PyExc_ValueError, "a table of the wrong shape");
        Py_DECREF(self);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n_cells; i++) {
        if (self->cells[i] < 0 || self->cells[i] >= size) {
            PyErr_SetString(PyExc_ValueError, "a window's cell off the board");
            Py_DECREF(self);
            return NULL;
        }
    }
    for (Py_ssize_t i = 0; i < n_through; i++) {
        if (self->through[i] < 0 || self->through[i] >= self->windows) {
            PyErr_SetString(PyExc_ValueError, "a window off the board");
            Py_DECREF(self);
            return NULL;
        }
    }
    for (int c = 0; c < size; c++) {
        if (self->through_at[c + 1] < self->through_at[c]) {
            PyErr_SetString(PyExc_ValueError, "a table of the wrong shape");
            Py_DECREF(self);
            return NULL;
        }
    }
    if ((self->ends = ints(ends, 2 * (Py_ssize_t)self->windows, NULL)) == NULL ||
        (self->gain = int64s(gain, 2 * (Py_ssize_t)self->states, NULL)) == NULL ||
        (self->loss = int64s(loss, 2 * (Py_ssize_t)self->states, NULL)) == NULL ||
        (self->front = int64s(front, 2 * (Py_ssize_t)self->states, NULL)) == NULL ||
        (self->weights = int64s(weights, k + 1, NULL)) == NULL ||
        (self->zobrist = uint64s(zobrist, 2 * (Py_ssize_t)size)) == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    for (int i = 0; i < 2 * self->windows; i++) {
        if (self->ends[i] < -1 || self->ends[i] >= size) {
            PyErr_SetString(PyExc_ValueError, "a window's end off the board");
            Py_DECREF(self);
            return NULL;
        }
    }
    self->near = malloc(sizeof(uint64_t) * (size_t)size * (size_t)self->words);
    if (self->near == NULL) {
        PyErr_NoMemory();
        Py_DECREF(self);
        return NULL;
    }
    if (PyBytes_GET_SIZE(near) != (Py_ssize_t)8 * self->words * size) {
        PyErr_SetString(PyExc_ValueError, "a mask of the wrong length");
        Py_DECREF(self);
        return NULL;
    }
    const unsigned char *at = (const unsigned char *)PyBytes_AS_STRING(near);
    for (int i = 0; i < size * self->words; i++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--) {
            word = word << 8 | at[8 * i + b];
        }
        self->near[i] = word;
    }
    return (PyObject *)self;
}

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ttt_desktop.players._fastsearch.Tables",
    .tp_basicsize = sizeof(TablesObject),
    .tp_dealloc = (destructor)tables_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One rules value's search tables, as C arrays (see searcher.compiled_tables).",
    .tp_new = tables_new,
};

/* ---- The transposition table ---------------------------------------------------------- */

typedef struct {
    uint64_t key;
    int64_t value;
    int32_t move;
    int16_t depth;
    int8_t flag;
    int8_t used;
} Entry;

typedef struct {
    PyObject_HEAD
    Entry *slots;
    size_t mask; /* capacity - 1 (a power of two) */
    size_t count;
} TableObject;

static inline size_t
slot_of(uint64_t key, size_t mask)
{
    return (size_t)((key ^ (key >> 29)) * 0x9E3779B97F4A7C15ULL >> 20) & mask;
}

static Entry *
table_find(TableObject *t, uint64_t key)
{
    size_t at = slot_of(key, t->mask);
    while (t->slots[at].used) {
        if (t->slots[at].key == key) {
            return &t->slots[at];
        }
        at = (at + 1) & t->mask;
    }
    return NULL;
}

static int
table_grow(TableObject *t)
{
    size_t capacity = (t->mask + 1) * 2;
    Entry *slots = calloc(capacity, sizeof(Entry));
    if (slots == NULL) {
        return -1;
    }
    for (size_t i = 0; i <= t->mask; i++) {
        if (t->slots[i].used) {
            size_t at = slot_of(t->slots[i].key, capacity - 1);
            while (slots[at].used) {
                at = (at + 1) & (capacity - 1);
            }
            slots[at] = t->slots[i];
        }
    }
    free(t->slots);
    t->slots = slots;
    t->mask = capacity - 1;
    return 0;
}

/* tt[key] = (depth, flag, value, move): -1 when out of memory. */
static int
table_store(TableObject *t, uint64_t key, int depth, int flag, int64_t value, int move)
{
    size_t at = slot_of(key, t->mask);
    while (t->slots[at].used && t->slots[at].key != key) {
        at = (at + 1) & t->mask;
    }
    if (!t->slots[at].used) {
        if ((t->count + 1) * 2 > t->mask + 1) {
            if (table_grow(t) < 0) {
                return -1;
            }
            return table_store(t, key, depth, flag, value, move);
        }
        t->count++;
    }
    Entry *e = &t->slots[at];
    e->key = key;
    e->value = value;
    e->move = move;
    e->depth = (int16_t)depth;
    e->flag = (int8_t)flag;
    e->used = 1;
    return 0;
}

static void
table_clear(TableObject *t)
{
    memset(t->slots, 0, (t->mask + 1) * sizeof(Entry));
    t->count = 0;
}

static void
table_dealloc(TableObject *self)
{
    free(self->slots);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
table_get(TableObject *self, PyObject *arg)
{
    unsigned long long key = PyLong_AsUnsignedLongLong(arg);
    if (key == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError) || !PyLong_Check(arg)) {
            return NULL;
        }
        PyErr_Clear(); /* an int no key equals */
        Py_RETURN_NONE;
    }
    Entry *e = table_find(self, key);
    if (e == NULL) {
        Py_RETURN_NONE;
    }
    return Py_BuildValue("(iiLi)", (int)e->depth, (int)e->flag, (long long)e->value,
                         (int)e->move);
}

static Py_ssize_t
table_len(TableObject *self)
{
    return (Py_ssize_t)self->count;
}

static PyMethodDef table_methods[] = {
    {"get", (PyCFunction)table_get, METH_O,
     "get(key): the entry (depth, flag, value, move) of a position's key, or None."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods table_sequence = {.sq_length = (lenfunc)table_len};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ttt_desktop.players._fastsearch.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_dealloc = (destructor)table_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The transposition table a compiled search left: get(key) as a dict's.",
    .tp_methods = table_methods,
    .tp_as_sequence = &table_sequence,
};

/* ---- One search ----------------------------------------------------------------------- */

typedef struct {
    int cell;
    int64_t hi; /* the packed gain and loss >> shift */
    int64_t lo; /* the packed gain and loss & loss_mask */
} Move;

typedef struct {
    int cell;
    int64_t order;
    Move move;
} Keyed;

enum { GOING = 0, STOPPED = 1, FAILED = 2 };

typedef struct {
    const TablesObject *t;
    TableObject *tt;
    int *state;
    uint64_t bb[2][MAX_WORDS], occ[MAX_WORDS], near[MAX_WORDS];
    uint64_t taken[MAX_PLY + 4][MAX_WORDS];
    int n_taken;
    int64_t score[2];
    uint64_t key;
    int filled, turn;
    int killers[MAX_PLY + 2][2];
    int64_t *history; /* 2 * size */
    int forced_at[MAX_PLY + 2];
    long long nodes, next_check, node_limit;
    int has_node_limit;
    long long checks;                        /* looks at the budget so far */
    long long scored;                        /* the last plies' children scored, not entered */
    size_t table_limit;                      /* entries kept before the table is cleared */
    int has_deadline;
    double deadline;     /* a time.perf_counter() reading */
    double clock_offset; /* time.perf_counter() - clock_seconds() */
    PyObject *stop;
    int stopped_by_caller;
    PyThreadState *released;
    Move *moves;   /* (MAX_PLY + 2) * size: each ply's moves */
    int *cells;    /* size: a node's candidates */
    int64_t *values;
    Keyed *keyed;
    int width; /* the moves searched at an inner node (0: all of them) */
    int status;
} Ctx;

/* A monotonic clock in seconds; run() reads time.perf_counter() once beside it, and the
 * clock's readings are moved onto perf_counter's (on which the deadline is given). */
static double
clock_seconds(void)
{
#ifdef _MSC_VER
    LARGE_INTEGER count, frequency;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&frequency);
    return (double)count.QuadPart / (double)frequency.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
}


/* time.perf_counter() now. */
static double
now(const Ctx *c)
{
    return clock_seconds() + c->clock_offset;
}

/* Whether the budget is spent or the caller said stop (status FAILED when stop() raised, or
 * a signal's handler did: Ctrl-C stops a search as it stops the Python tree). */
static int
out_of_budget(Ctx *c)
{
    if (c->stop == NULL && ++c->checks % SIGNALS_EVERY == 0) {
        PyEval_RestoreThread(c->released);
        int failed = PyErr_CheckSignals();
        c->released = PyEval_SaveThread();
        if (failed < 0) {
            c->status = FAILED;
            return 1;
        }
    }
    if (c->has_node_limit && c->nodes >= c->node_limit) {
        return 1;
    }
    if (c->has_deadline && now(c) >= c->deadline) {
        return 1;
    }
    if (c->stop != NULL) {
        PyEval_RestoreThread(c->released);
        PyObject *answer = PyErr_CheckSignals() < 0 ? NULL : PyObject_CallNoArgs(c->stop);
        int yes = answer == NULL ? -1 : PyObject_IsTrue(answer);
        Py_XDECREF(answer);
        c->released = PyEval_SaveThread();
        if (yes < 0) {
            c->status = FAILED;
            return 1;
        }
        if (yes) {
            c->stopped_by_caller = 1;
            return 1;
        }
    }
    return 0;
}

static inline int
has_bit(const uint64_t *mask, int cell)
{
    return (int)(mask[cell >> 6] >> (cell & 63) & 1);
}

/* Whether a four window of `side` would make exactly k when completed. */
static inline int
live(const Ctx *c, int side, int window)
{
    const int *ends = c->t->ends + 2 * window;
    for (int e = 0; e < 2; e++) {
        if (ends[e] >= 0 && has_bit(c->bb[side], ends[e])) {
            return 0;
        }
    }
    return 1;
}

static int
has_win(const Ctx *c, int side)
{
    const TablesObject *t = c->t;
    if (c->score[side] < t->four) {
        return 0;
    }
    if (!t->exact) {
        return 1;
    }
    int wanted = t->four_state[side];
    for (int w = 0; w < t->windows; w++) {
        if (c->state[w] == wanted && live(c, side, w)) {
            return 1;
        }
    }
    return 0;
}

static inline void
add_gaps(const Ctx *c, int window, uint64_t *found)
{
    const int *cells = c->t->cells + (size_t)window * c->t->k;
    for (int i = 0; i < c->t->k; i++) {
        int cell = cells[i];
        if (!has_bit(c->occ, cell)) {
            found[cell >> 6] |= 1ULL << (cell & 63);
        }
    }
}

/* The cells where `side` completes a line: how many, and the lowest in *first. */
static int
completions(const Ctx *c, int side, int last, int *first)
{
    const TablesObject *t = c->t;
    uint64_t found[MAX_WORDS] = {0};
    int wanted = t->four_state[side];
    if (last >= 0) {
        for (int i = t->through_at[last]; i < t->through_at[last + 1]; i++) {
            int w = t->through[i];
            if (c->state[w] == wanted && (!t->exact || live(c, side, w))) {
                add_gaps(c, w, found);
            }
        }
    }
    int count = 0;
    *first = -1;
    for (int w = 0; w < t->words; w++) {
        count += popcount64(found[w]);
    }
    if (!count) {
        for (int w = 0; w < t->windows; w++) {
            if (c->state[w] == wanted && (!t->exact || live(c, side, w))) {
                add_gaps(c, w, found);
            }
        }
        for (int w = 0; w < t->words; w++) {
            count += popcount64(found[w]);
        }
    }
    for (int w = 0; w < t->words && *first < 0; w++) {
        if (found[w]) {
            *first = 64 * w + lowest_bit(found[w]);
        }
    }
    return count;
}

/* The cells of a mask, ascending. */
static int
cells_of(const uint64_t *mask, int words, int *out)
{
    int n = 0;
    for (int w = 0; w < words; w++) {
        uint64_t word = mask[w];
        while (word) {
            out[n++] = 64 * w + lowest_bit(word);
            word &= word - 1;
        }
    }
    return n;
}

/* The cells searched at a node without a forced move. */
static int
candidates(const Ctx *c, int *out)
{
    const TablesObject *t = c->t;
    uint64_t free_near[MAX_WORDS], free_any[MAX_WORDS];
    for (int w = 0; w < t->words; w++) {
        uint64_t full = w == t->words - 1 && t->size % 64 ? (1ULL << (t->size % 64)) - 1 : ~0ULL;
        free_near[w] = c->near[w] & ~c->occ[w] & full;
        free_any[w] = ~c->occ[w] & full;
    }
    int n = cells_of(free_near, t->words, out);
    return n ? n : cells_of(free_any, t->words, out);
}

static inline Move
packed(const Ctx *c, int side, int cell)
{
    const TablesObject *t = c->t;
    const int64_t *gain = t->gain + (size_t)side * t->states;
    const int64_t *loss = t->loss + (size_t)side * t->states;
    int64_t g = 0, l = 0;
    for (int i = t->through_at[cell]; i < t->through_at[cell + 1]; i++) {
        int st = c->state[t->through[i]];
        g += gain[st];
        l += loss[st];
    }
    Move m = {cell, g + (l >> t->shift), l & t->loss_mask};
    return m;
}

static void
play(Ctx *c, const Move *m)
{
    const TablesObject *t = c->t;
    int side = c->turn, other = 1 - side;
    int step = side == 0 ? t->k1 : 1;
    int cell = m->cell;
    for (int i = t->through_at[cell]; i < t->through_at[cell + 1]; i++) {
        c->state[t->through[i]] += step;
    }
    if (t->big) {
        const uint64_t *near = t->near + (size_t)cell * t->words;
        memcpy(c->taken[c->n_taken++], c->near, sizeof(uint64_t) * (size_t)t->words);
        for (int w = 0; w < t->words; w++) {
            c->near[w] |= near[w];
        }
    }
    c->score[side] += m->hi;
    c->score[other] -= m->lo;
    c->bb[side][cell >> 6] |= 1ULL << (cell & 63);
    c->occ[cell >> 6] |= 1ULL << (cell & 63);
    c->key ^= t->zobrist[(size_t)side * t->size + cell] ^ t->side_key;
    c->filled++;
    c->turn = other;
}

static void
undo(Ctx *c, const Move *m)
{
    const TablesObject *t = c->t;
    int other = c->turn, side = 1 - other;
    int step = side == 0 ? t->k1 : 1;
    int cell = m->cell;
    c->turn = side;
    c->filled--;
    for (int i = t->through_at[cell]; i < t->through_at[cell + 1]; i++) {
        c->state[t->through[i]] -= step;
    }
    c->score[side] -= m->hi;
    c->score[other] += m->lo;
    c->bb[side][cell >> 6] ^= 1ULL << (cell & 63);
    c->occ[cell >> 6] ^= 1ULL << (cell & 63);
    if (t->big) {
        memcpy(c->near, c->taken[--c->n_taken], sizeof(uint64_t) * (size_t)t->words);
    }
    c->key ^= t->zobrist[(size_t)side * t->size + cell] ^ t->side_key;
}

static int
by_order_descending(const void *a, const void *b)
{
    const Keyed *x = a, *y = b;
    if (x->order != y->order) {
        return x->order < y->order ? 1 : -1;
    }
    return x->cell < y->cell ? 1 : x->cell > y->cell ? -1 : 0;
}

typedef struct {
    Move *moves;
    int n, child_depth, best_cell;
    int64_t best;
} Expansion;

static int
store(Ctx *c, int depth, int flag, int64_t value, int move)
{
    if (table_store(c->tt, c->key, depth, flag, value, move) < 0) {
        c->status = FAILED;
        return -1;
    }
    return 0;
}

/* 1 and *value when the node is decided here, else 0 and its moves in *e. */
static int
expand(Ctx *c, int last, int depth, int64_t alpha, int64_t beta, int ply, Expansion *e,
       int64_t *value)
{
    const TablesObject *t = c->t;
    int side = c->turn, other = 1 - side;
    int64_t mine = c->score[side], theirs = c->score[other];
    int64_t mate = t->mate, lesser = t->four - 1;
    if (mine >= t->four && (!t->exact || has_win(c, side))) {
        *value = mate - ply - 1;
        return 1;
    }
    if (c->filled == t->size) {
        *value = 0;
        return 1;
    }
    int forced = -1;
    if (theirs >= t->four) {
        int first;
        int blocks = completions(c, other, last, &first);
        if (blocks >= 2) {
            *value = ply + 2 - mate;
            return 1;
        }
        if (blocks) {
            forced = first;
        }
    }
    if ((forced < 0 && depth <= 0) || ply >= MAX_PLY) {
        *value = t->ahead * (mine & lesser) - t->behind * (theirs & lesser);
        return 1;
    }
    int tt_move = -1;
    Entry *entry = table_find(c->tt, c->key);
    if (entry != NULL) {
        tt_move = entry->move;
        if (entry->depth >= depth) {
            int64_t v = entry->value;
            if (v > t->proven) {
                v -= ply;
            }
            else if (v < -t->proven) {
                v += ply;
            }
            if (entry->flag == EXACT || (entry->flag == LOWER && v >= beta) ||
                (entry->flag == UPPER && v <= alpha)) {
                *value = v;
                return 1;
            }
        }
    }
    c->forced_at[ply] = forced;
    Move *buf = c->moves + (size_t)ply * t->size;
    e->moves = buf;
    e->best = -mate - 2;
    e->best_cell = -1;
    if (forced >= 0) {
        buf[0] = packed(c, side, forced);
        e->n = 1;
        e->child_depth = depth;
        return 0;
    }
    int n = candidates(c, c->cells);
    if (depth == 1) {
        /* The last ply: children making no four scored from the tables, the rest searched. */
        c->nodes += n;
        c->scored += n;
        const int64_t *front = t->front + (size_t)side * t->states;
        int64_t top = -1, bit = t->tactical_bit;
        int tactical = 0, top_cell = -1;
        for (int i = 0; i < n; i++) {
            int cell = c->cells[i];
            int64_t sum = 0;
            for (int j = t->through_at[cell]; j < t->through_at[cell + 1]; j++) {
                sum += front[c->state[t->through[j]]];
            }
            c->values[i] = sum;
            if (sum >= bit) {
                tactical = 1;
            }
            else if (sum > top) {
                top = sum;
                top_cell = cell;
            }
        }
        int64_t best;
        if (top >= 0) {
            best = c->filled + 1 == t->size
                       ? 0
                       : t->behind * (mine & lesser) - t->ahead * (theirs & lesser) + top;
        }
        else {
            best = -mate;
        }
        if (!tactical || best >= beta) {
            int flag = best >= beta ? LOWER : best <= alpha ? UPPER : EXACT;
            *value = best;
            store(c, 1, flag, best, top_cell);
            return 1;
        }
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (c->values[i] >= bit) {
                buf[m++] = packed(c, side, c->cells[i]);
            }
        }
        e->n = m;
        e->child_depth = 0;
        e->best = best;
        e->best_cell = top_cell;
        return 0;
    }
    const int64_t *hist = c->history + (size_t)side * t->size;
    const int *killer = c->killers[ply];
    for (int i = 0; i < n; i++) {
        int cell = c->cells[i];
        Keyed *kd = &c->keyed[i];
        kd->move = packed(c, side, cell);
        kd->cell = cell;
        kd->order = kd->move.hi + kd->move.lo + hist[cell];
        if (cell == tt_move) {
            kd->order += mate;
        }
        else if (cell == killer[0] || cell == killer[1]) {
            kd->order += t->killer_bonus;
        }
    }
    qsort(c->keyed, (size_t)n, sizeof(Keyed), by_order_descending);
    if (c->width > 0 && n > c->width) {
        /* The first `width` moves alone; the node, having moves unsearched, is lost by
         * none of them beyond proof: its value is at least -proven. */
        n = c->width;
        e->best = -t->proven;
    }
    for (int i = 0; i < n; i++) {
        buf[i] = c->keyed[i].move;
    }
    e->n = n;
    e->child_depth = depth - 1;
    return 0;
}

static void
done(Ctx *c, int depth, int64_t best, int best_cell, int64_t alpha, int64_t beta, int ply)
{
    const TablesObject *t = c->t;
    if (best >= beta && c->forced_at[ply] < 0 && best_cell >= 0) {
        int *killer = c->killers[ply];
        if (killer[0] != best_cell) {
            killer[1] = killer[0];
            killer[0] = best_cell;
        }
        c->history[(size_t)c->turn * t->size + best_cell] += depth;
    }
    int64_t stored = best > t->proven ? best + ply : best < -t->proven ? best - ply : best;
    int flag = best >= beta ? LOWER : best <= alpha ? UPPER : EXACT;
    if (c->tt->count >= c->table_limit) {
        table_clear(c->tt);
    }
    store(c, depth, flag, stored, best_cell);
}

static int64_t
negamax(Ctx *c, int last, int depth, int64_t alpha, int64_t beta, int ply)
{
    c->nodes++;
    if (c->nodes >= c->next_check) {
        c->next_check = c->nodes + CHECK_EVERY;
        if (out_of_budget(c)) {
            if (c->status == GOING) {
                c->status = STOPPED;
            }
            return 0;
        }
    }
    Expansion e;
    int64_t value;
    if (expand(c, last, depth, alpha, beta, ply, &e, &value)) {
        return value;
    }
    if (c->status != GOING) {
        return 0;
    }
    int64_t alpha_in = alpha, best = e.best;
    int best_cell = e.best_cell;
    if (best > alpha) {
        alpha = best;
    }
    for (int i = 0; i < e.n; i++) {
        const Move *m = &e.moves[i];
        play(c, m);
        if (i > 0) {
            value = -negamax(c, m->cell, e.child_depth, -alpha - 1, -alpha, ply + 1);
            if (c->status == GOING && alpha < value && value < beta) {
                value = -negamax(c, m->cell, e.child_depth, -beta, -alpha, ply + 1);
            }
        }
        else {
            value = -negamax(c, m->cell, e.child_depth, -beta, -alpha, ply + 1);
        }
        undo(c, m);
        if (c->status != GOING) {
            return 0;
        }
        if (value > best) {
            best = value;
            best_cell = m->cell;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) {
                    break;
                }
            }
        }
    }
    done(c, depth, best, best_cell, alpha_in, beta, ply);
    return c->status == GOING ? best : 0;
}

/* ---- The root and its deepening ------------------------------------------------------- */

static int
parse_moves(PyObject *list, Move *out, int size)
{
    if (!PyList_Check(list) || PyList_GET_SIZE(list) < 1 || PyList_GET_SIZE(list) > size) {
        PyErr_SetString(PyExc_ValueError, "the root moves are a list of (cell, high, low)");
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++) {
        PyObject *item = PyList_GET_ITEM(list, i);
        int cell;
        long long hi, lo;
        if (!PyTuple_Check(item) || !PyArg_ParseTuple(item, "iLL", &cell, &hi, &lo)) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_TypeError, "a root move is (cell, high, low)");
            }
            return -1;
        }
        if (cell < 0 || cell >= size) {
            PyErr_SetString(PyExc_ValueError, "a root move off the board");
            return -1;
        }
        out[i].cell = cell;
        out[i].hi = hi;
        out[i].lo = lo;
    }
    return (int)PyList_GET_SIZE(list);
}

typedef struct {
    int cell;
    int64_t value;
    int exact;
} RootScore;

static void
release(Ctx *c)
{
    free(c->state);
    free(c->history);
    free(c->moves);
    free(c->cells);
    free(c->values);
    free(c->keyed);
}

static PyObject *
fastsearch_run(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 16) {
        PyErr_SetString(PyExc_TypeError,
                        "run(tables, x, o, near, key, side, moves, limit, node_limit, "
                        "deadline, started, seconds, stop, table_limit, width, whole_budget)");
        return NULL;
    }
    if (!PyObject_TypeCheck(args[0], &TablesType)) {
        PyErr_SetString(PyExc_TypeError, "run's first argument is a Tables");
        return NULL;
    }
    const TablesObject *t = (const TablesObject *)args[0];
    Ctx c;
    memset(&c, 0, sizeof c);
    c.t = t;
    if (words_of(args[1], c.bb[0], t->words) < 0 || words_of(args[2], c.bb[1], t->words) < 0 ||
        words_of(args[3], c.near, t->words) < 0) {
        return NULL;
    }
    c.key = PyLong_AsUnsignedLongLong(args[4]);
    int root_side = PyLong_AsLong(args[5]) ? 1 : 0;
    int limit = (int)PyLong_AsLong(args[7]);
    c.has_node_limit = args[8] != Py_None;
    c.node_limit = c.has_node_limit ? PyLong_AsLongLong(args[8]) : 0;
    c.has_deadline = args[9] != Py_None;
    c.deadline = c.has_deadline ? PyFloat_AsDouble(args[9]) : 0.0;
    double started = PyFloat_AsDouble(args[10]);
    double seconds = args[11] == Py_None ? 0.0 : PyFloat_AsDouble(args[11]);
    c.stop = args[12] == Py_None ? NULL : args[12];
    long long table_limit = PyLong_AsLongLong(args[13]);
    c.table_limit = table_limit < 1 ? 1 : (size_t)table_limit;
    c.width = args[14] == Py_None ? 0 : (int)PyLong_AsLong(args[14]);
    int whole_budget = PyObject_IsTrue(args[15]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    PyObject *clock = PyImport_ImportModule("time");
    PyObject *reading = clock == NULL ? NULL : PyObject_CallMethod(clock, "perf_counter", NULL);
    Py_XDECREF(clock);
    if (reading == NULL) {
        return NULL;
    }
    c.clock_offset = PyFloat_AsDouble(reading) - clock_seconds();
    Py_DECREF(reading);
    if (PyErr_Occurred()) {
        return NULL;
    }
    c.state = calloc((size_t)t->windows + 1, sizeof(int));
    c.history = calloc(2 * (size_t)t->size, sizeof(int64_t));
    c.moves = malloc(sizeof(Move) * (MAX_PLY + 2) * (size_t)t->size);
    c.cells = malloc(sizeof(int) * (size_t)t->size);
    c.values = malloc(sizeof(int64_t) * (size_t)t->size);
    c.keyed = malloc(sizeof(Keyed) * (size_t)t->size);
    Move *ordered = malloc(sizeof(Move) * (size_t)t->size);
    RootScore *results = malloc(sizeof(RootScore) * (size_t)t->size);
    RootScore *found = malloc(sizeof(RootScore) * (size_t)t->size);
    TableObject *tt = PyObject_New(TableObject, &TableType);
    if (tt != NULL) {
        tt->mask = (1 << 16) - 1;
        tt->count = 0;
        tt->slots = calloc(tt->mask + 1, sizeof(Entry));
    }
    if (c.state == NULL || c.history == NULL || c.moves == NULL || c.cells == NULL ||
        c.values == NULL || c.keyed == NULL || ordered == NULL || results == NULL ||
        found == NULL || tt == NULL || tt->slots == NULL) {
        release(&c);
        free(ordered);
        free(results);
        free(found);
        Py_XDECREF(tt);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    c.tt = tt;
    int n = parse_moves(args[6], ordered, t->size);
    if (n < 0) {
        release(&c);
        free(ordered);
        free(results);
        free(found);
        Py_DECREF(tt);
        return NULL;
    }
    /* The position: the windows' states, each side's sum, the stones. */
    for (int w = 0; w < t->words; w++) {
        c.occ[w] = c.bb[0][w] | c.bb[1][w];
        c.filled += popcount64(c.occ[w]);
    }
    for (int w = 0; w < t->windows; w++) {
        int x = 0, o = 0;
        for (int i = 0; i < t->k; i++) {
            int cell = t->cells[(size_t)w * t->k + i];
            x += has_bit(c.bb[0], cell);
            o += has_bit(c.bb[1], cell);
        }
        c.state[w] = x * t->k1 + o;
        if (o == 0) {
            c.score[0] += t->weights[x];
        }
        if (x == 0) {
            c.score[1] += t->weights[o];
        }
    }
    c.state[t->windows] = t->k1 * t->k1;
    c.turn = root_side;
    for (int p = 0; p < MAX_PLY + 2; p++) {
        c.killers[p][0] = c.killers[p][1] = -1;
        c.forced_at[p] = -1;
    }
    c.next_check = CHECK_EVERY;
    int64_t mate = t->mate;
    int move = -1, depth_found = 0, n_found = 0;
    int64_t value_found = 0;

    c.released = PyEval_SaveThread();
    for (int depth = 1; depth <= limit; depth++) {
        int64_t alpha = -mate - 1, beta = mate + 1;
        int m = 0;
        for (int i = 0; i < n; i++) {
            const Move *mv = &ordered[i];
            int64_t value;
            play(&c, mv);
            if (i > 0) {
                value = -negamax(&c, mv->cell, depth - 1, -alpha - 1, -alpha, 1);
                if (c.status == GOING && alpha < value && value < beta) {
                    value = -negamax(&c, mv->cell, depth - 1, -beta, -alpha, 1);
                }
            }
            else {
                value = -negamax(&c, mv->cell, depth - 1, -beta, -alpha, 1);
            }
            undo(&c, mv);
            if (c.status != GOING) {
                break;
            }
            results[m].cell = mv->cell;
            results[m].value = value;
            results[m].exact = value > alpha;
            m++;
            if (value > alpha) {
                alpha = value;
            }
        }
        if (c.status == STOPPED && !c.stopped_by_caller && whole_budget && m >= 2) {
            /* The iteration cut short by the budget: its first move (the best so far) was searched with
             * the whole window, so a move after it that proved better is better at this
             * depth too; the first such, best, is the answer, with the moves finished. */
            int best = 0;
            for (int i = 1; i < m; i++) {
                if (results[i].exact && results[i].value > results[best].value) {
                    best = i;
                }
            }
            if (best > 0) {
                move = results[best].cell;
                value_found = results[best].value;
                depth_found = depth;
                memcpy(found, results, sizeof(RootScore) * (size_t)m);
                n_found = m;
            }
        }
        if (c.status != GOING || m == 0) {
            break;
        }
        /* deeper(): take the iteration's result; whether to search one ply deeper. */
        int best = 0, all_lost = 1;
        for (int i = 0; i < m; i++) {
            if (results[i].value > results[best].value) {
                best = i;
            }
            if (results[i].value >= -t->proven) {
                all_lost = 0;
            }
        }
        move = results[best].cell;
        value_found = results[best].value;
        depth_found = depth;
        memcpy(found, results, sizeof(RootScore) * (size_t)m);
        n_found = m;
        for (int i = 0; i < n; i++) {
            if (ordered[i].cell == move) {
                Move chosen = ordered[i];
                memmove(ordered + 1, ordered, sizeof(Move) * (size_t)i);
                ordered[0] = chosen;
                break;
            }
        }
        if (value_found > t->proven || all_lost) {
            break;
        }
        if (n == 1 && depth >= 2) {
            break;
        }
        if (!whole_budget && c.has_deadline && now(&c) - started > 0.4 * seconds) {
            break;
        }
        if (!whole_budget && c.has_node_limit &&
            !((double)c.nodes <= 0.4 * (double)c.node_limit)) {
            break;
        }
    }
    PyEval_RestoreThread(c.released);

    int failed = c.status == FAILED;
    int first = ordered[0].cell;
    release(&c);
    free(ordered);
    free(results);
    if (failed) {
        free(found);
        Py_DECREF(tt);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    PyObject *scores = PyList_New(n_found);
    if (scores == NULL) {
        free(found);
        Py_DECREF(tt);
        return NULL;
    }
    for (int i = 0; i < n_found; i++) {
        PyObject *item = Py_BuildValue("(iLO)", found[i].cell, (long long)found[i].value,
                                       found[i].exact ? Py_True : Py_False);
        if (item == NULL) {
            free(found);
            Py_DECREF(scores);
            Py_DECREF(tt);
            return NULL;
        }
        PyList_SET_ITEM(scores, i, item);
    }
    free(found);
    return Py_BuildValue("(iLiLNiONL)", move, (long long)value_found, depth_found,
                         (long long)c.nodes, scores, first,
                         c.stopped_by_caller ? Py_True : Py_False, (PyObject *)tt,
                         (long long)c.scored);
}

static PyMethodDef fastsearch_methods[] = {
    {"run", (PyCFunction)(void (*)(void))fastsearch_run, METH_FASTCALL,
     "The Searcher's deepening search of one position (see searcher.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fastsearch_module = {
    PyModuleDef_HEAD_INIT,
    "_fastsearch",
    "The Searcher's tree, compiled (ttt_desktop.players.searcher's other half).",
    0,
    fastsearch_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__fastsearch(void)
{
    if (PyType_Ready(&TablesType) < 0 || PyType_Ready(&TableType) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&fastsearch_module);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&TablesType);
    if (PyModule_AddObject(module, "Tables", (PyObject *)&TablesType) < 0) {
        Py_DECREF(&TablesType);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&TableType);
    if (PyModule_AddObject(module, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
