/* The compiled half of ttt_desktop.core.playout: random playouts to the end of a game.
 *
 * playout(width, size, k, exact, mine, theirs, free, random, moves) plays the same game
 * as the pure-Python loop of playout.py's playout_bits for free-style and exactly-k
 * rules: the same cells drawn in the same order from the same random() values, the same
 * winner. The stones come as playout.py lays them out (a padded bitboard: `width` = m + 1
 * bits a row, the last one an always-empty guard column, `size` = n * width bits), `free`
 * as the single-bit masks of the free cells in the order the draws index them. The
 * result is 1 if the side to move (`mine`) wins, -1 if it loses, 0 for a draw; when
 * `moves` is a list each cell played is appended to it (numbered row-major, m a row).
 *
 * A win is looked for along the four lines through the stone just placed: a line that
 * does not pass through it was there before the stone and won nothing (a playout starts
 * from a position that is not over). Free-style wins with k or more in a row; exactly k
 * with a run of exactly k (a stone of the mover beyond either end spoils it).
 *
 * random_game (below) plays a whole game between two seats whose every move is a uniformly
 * random free cell, for the play loop.
 *
 * This file is the project's own (MIT, like the rest); it needs only the C compiler and
 * Python's headers. Renju and caro keep the pure-Python loop.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <time.h>

#define MAX_BITS 512 /* 20 rows of 21 bits, with room to spare */

static int
unpack(PyObject *number, unsigned char *owner, Py_ssize_t size, unsigned char mark)
{
    unsigned char bytes[MAX_BITS / 8];
    if (!PyLong_Check(number)) {
        PyErr_SetString(PyExc_TypeError, "the stones are an int of padded bits");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    if (_PyLong_AsByteArray((PyLongObject *)number, bytes, sizeof bytes, 1, 0, 1) < 0)
#else
    if (_PyLong_AsByteArray((PyLongObject *)number, bytes, sizeof bytes, 1, 0) < 0)
#endif
        return -1;
    for (Py_ssize_t bit = 0; bit < size; bit++) {
        if (bytes[bit >> 3] >> (bit & 7) & 1) {
            owner[bit] = mark;
        }
    }
    return 0;
}

/* The length of the run of `mark` through `at` along `step` (both ways). */
static inline int
run_through(const unsigned char *owner, Py_ssize_t size, Py_ssize_t at, Py_ssize_t step,
            unsigned char mark)
{
    int length = 1;
    Py_ssize_t cell = at + step;
    while (cell < size && owner[cell] == mark) {
        length++;
        cell += step;
    }
    cell = at - step;
    while (cell >= 0 && owner[cell] == mark) {
        length++;
        cell -= step;
    }
    return length;
}

/* The board both functions start from: its padded width and size, k, exactly k or not, and
 * the list the cells played go to (or None); -1 with the error set when one is wrong. */
struct shape {
    Py_ssize_t width, size;
    long k;
    int exact;
};

static int
read_shape(PyObject *const *args, PyObject *moves, struct shape *shape)
{
    shape->width = PyLong_AsSsize_t(args[0]);
    shape->size = PyLong_AsSsize_t(args[1]);
    shape->k = PyLong_AsLong(args[2]);
    shape->exact = PyObject_IsTrue(args[3]);
    if (PyErr_Occurred() || shape->exact < 0) {
        return -1;
    }
    if (shape->width < 2 || shape->size < shape->width || shape->size > MAX_BITS ||
        shape->size % shape->width != 0 || shape->k < 1) {
        PyErr_SetString(PyExc_ValueError, "a board of at most 512 padded bits");
        return -1;
    }
    if (moves != Py_None && !PyList_Check(moves)) {
        PyErr_SetString(PyExc_TypeError, "moves is a list or None");
        return -1;
    }
    return 0;
}

/* int(random() * left): the index a draw picks among `left` cells; -1 with the error set. */
static Py_ssize_t
draw_index(PyObject *random, Py_ssize_t left)
{
    PyObject *drawn = PyObject_CallNoArgs(random);
    if (drawn == NULL) {
        return -1;
    }
    double value = PyFloat_AsDouble(drawn);
    Py_DECREF(drawn);
    if (value == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    Py_ssize_t index = (Py_ssize_t)(value * (double)left);
    if (index < 0 || index >= left) {
        PyErr_SetString(PyExc_ValueError, "random() gave a value outside [0, 1)");
        return -1;
    }
    return index;
}

/* Append the padded bit `at`'s cell (row-major, m a row) to `moves` unless it is None. */
static int
append_cell(PyObject *moves, Py_ssize_t width, Py_ssize_t at)
{
    if (moves == Py_None) {
        return 0;
    }
    PyObject *cell = PyLong_FromSsize_t((at / width) * (width - 1) + at % width);
    if (cell == NULL || PyList_Append(moves, cell) < 0) {
        Py_XDECREF(cell);
        return -1;
    }
    Py_DECREF(cell);
    return 0;
}

static PyObject *
fastplay_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError,
                        "playout(width, size, k, exact, mine, theirs, free, random, moves)");
        return NULL;
    }
    PyObject *free_list = args[6];
    PyObject *random = args[7];
    PyObject *moves = args[8];
    struct shape shape;
    if (read_shape(args, moves, &shape) < 0) {
        return NULL;
    }
    const Py_ssize_t width = shape.width, size = shape.size;
    const long k = shape.k;
    const int exact = shape.exact;
    if (!PyList_Check(free_list)) {
        PyErr_SetString(PyExc_TypeError, "free is a list of single-bit masks");
        return NULL;
    }
    unsigned char owner[MAX_BITS];
    memset(owner, 0, sizeof owner);
    if (unpack(args[4], owner, size, 1) < 0 || unpack(args[5], owner, size, 2) < 0) {
        return NULL;
    }
    Py_ssize_t left = PyList_GET_SIZE(free_list);
    if (left > MAX_BITS) {
        PyErr_SetString(PyExc_ValueError, "more free cells than the board has");
        return NULL;
    }
    Py_ssize_t free_bits[MAX_BITS];
    for (Py_ssize_t i = 0; i < left; i++) {
        PyObject *mask = PyList_GET_ITEM(free_list, i);
        if (!PyLong_Check(mask)) {
            PyErr_SetString(PyExc_TypeError, "free is a list of single-bit masks");
            return NULL;
        }
        int64_t bits = (int64_t)_PyLong_NumBits(mask);
        if (bits < 1 || bits > size) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "a free cell off the board");
            }
            return NULL;
        }
        free_bits[i] = (Py_ssize_t)(bits - 1);
    }
    const Py_ssize_t steps[4] = {1, width, width + 1, width - 1};
    unsigned char mover = 1;
    int sign = 1;
    while (left > 0) {
        /* As int(random() * len(free)) with the list's pop-and-fill. */
        Py_ssize_t index = draw_index(random, left);
        if (index < 0) {
            return NULL;
        }
        Py_ssize_t at = free_bits[index];
        left--;
        free_bits[index] = free_bits[left];
        owner[at] = mover;
        if (append_cell(moves, width, at) < 0) {
            return NULL;
        }
        for (int direction = 0; direction < 4; direction++) {
            int length = run_through(owner, size, at, steps[direction], mover);
            if (exact ? length == k : length >= k) {
                return PyLong_FromLong(sign);
            }
        }
        mover = (unsigned char)(3 - mover);
        sign = -sign;
    }
    return PyLong_FromLong(0);
}

static inline int64_t
now_ns(void)
{
    struct timespec moment;
    clock_gettime(CLOCK_MONOTONIC, &moment); /* what time.perf_counter_ns reads on Linux */
    return (int64_t)moment.tv_sec * 1000000000 + moment.tv_nsec;
}

/* The cheapest clock there is for timing each move: the processor's time-stamp counter on
 * x86 (a few nanoseconds a read, where the monotonic clock takes about 20: a random move
 * costs about as much as that), converted to nanoseconds at the end of each game by the
 * monotonic clock read at its start and its end; elsewhere the monotonic clock itself. */
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static inline int64_t
ticks(void)
{
    return (int64_t)__rdtsc();
}
#else
static inline int64_t
ticks(void)
{
    return now_ns();
}
#endif

/* A row-major bitboard (cell = row * m + column) of the cells `owner` gives `mark`, as an int. */
static PyObject *
row_major_bits(const unsigned char *owner, Py_ssize_t width, Py_ssize_t size, unsigned char mark)
{
    unsigned char bytes[MAX_BITS / 8];
    memset(bytes, 0, sizeof bytes);
    Py_ssize_t m = width - 1;
    for (Py_ssize_t at = 0; at < size; at++) {
        if (owner[at] == mark) {
            Py_ssize_t cell = (at / width) * m + at % width;
            bytes[cell >> 3] |= (unsigned char)(1u << (cell & 7));
        }
    }
    return _PyLong_FromByteArray(bytes, sizeof bytes, 1, 0);
}

/* The winning runs of `mark` through `at` (padded), as the board gives them: per direction
 * (along a row, down a column, down-right, down-left) whose run through `at` wins, its cells
 * in row-major numbers from the far end behind to the far end ahead. A tuple of tuples. */
static PyObject *
winning_runs(const unsigned char *owner, Py_ssize_t width, Py_ssize_t size, Py_ssize_t at,
             unsigned char mark, long k, int exact)
{
    const Py_ssize_t steps[4] = {1, width, width + 1, width - 1};
    PyObject *runs = PyTuple_New(0);
    if (runs == NULL) {
        return NULL;
    }
    for (int direction = 0; direction < 4; direction++) {
        Py_ssize_t step = steps[direction];
        Py_ssize_t start = at, end = at;
        while (start - step >= 0 && owner[start - step] == mark) {
            start -= step;
        }
        while (end + step < size && owner[end + step] == mark) {
            end += step;
        }
        Py_ssize_t length = (end - start) / step + 1;
        if (!(exact ? length == k : length >= k)) {
            continue;
        }
        PyObject *run = PyTuple_New(length);
        if (run == NULL) {
            Py_DECREF(runs);
            return NULL;
        }
        for (Py_ssize_t i = 0; i < length; i++) {
            Py_ssize_t bit = start + i * step;
            PyObject *cell = PyLong_FromSsize_t((bit / width) * (width - 1) + bit % width);
            if (cell == NULL) {
                Py_DECREF(run);
                Py_DECREF(runs);
                return NULL;
            }
            PyTuple_SET_ITEM(run, i, cell);
        }
        Py_ssize_t count = PyTuple_GET_SIZE(runs);
        if (_PyTuple_Resize(&runs, count + 1) < 0) {
            Py_DECREF(run);
            return NULL;
        }
        PyTuple_SET_ITEM(runs, count, run);
    }
    return runs;
}

/* random_game(width, size, k, exact, first_random, second_random, moves):
 *
 * A whole game from the empty board between two players whose every move is a uniformly
 * random free cell: the free cells in ascending order (the board's legal_moves()), the one
 * at int(random() * len) taken, each side drawing from its own random() (a draw even for
 * the last free cell), the first player first. The same game as a Python loop of
 * legal_moves()[int(random() * len(legal_moves()))] and Board.play: the play loop's fast path
 * for two such seats (ttt_desktop.core.play). Each move is timed with one look at the clock
 * (see ticks()): from the end of the move before to the end of its own win test, so a seat's
 * time holds its draws, choices and the board's updates.
 *
 * Returns (result, plies, last cell, first's row-major bits, second's, the winning runs
 * through the last cell (as the board's winning_lines), first's total ns, first's longest
 * ns, second's total ns, second's longest ns); result 1 if the first player won, -1 if the
 * second did, 0 for a draw. When `moves` is a list each cell is appended. */
static PyObject *
fastplay_random_game(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "random_game(width, size, k, exact, first_random, second_random, moves)");
        return NULL;
    }
    PyObject *randoms[2] = {args[4], args[5]};
    PyObject *moves = args[6];
    struct shape shape;
    if (read_shape(args, moves, &shape) < 0) {
        return NULL;
    }
    const Py_ssize_t width = shape.width, size = shape.size;
    const long k = shape.k;
    const int exact = shape.exact;
    unsigned char owner[MAX_BITS];
    memset(owner, 0, sizeof owner);
    /* The free cells as padded bits, ascending (the guard column left out); two bytes
     * each, so that keeping them in order moves a quarter of the memory. */
    uint16_t free_bits[MAX_BITS];
    Py_ssize_t left = 0;
    for (Py_ssize_t at = 0; at < size; at++) {
        if (at % width != width - 1) {
            free_bits[left++] = (uint16_t)at;
        }
    }
    const Py_ssize_t steps[4] = {1, width, width + 1, width - 1};
    int64_t total[2] = {0, 0}, longest[2] = {0, 0};
    int side = 0, result = 0;
    Py_ssize_t plies = 0, last = -1, last_at = -1;
    const int64_t game_started_ns = now_ns();
    const int64_t game_started = ticks();
    int64_t started = game_started;
    while (left > 0) {
        Py_ssize_t index = draw_index(randoms[side], left);
        if (index < 0) {
            return NULL;
        }
        Py_ssize_t at = free_bits[index];
        /* Ascending order kept: the cells after the one taken move down one place. */
        memmove(free_bits + index, free_bits + index + 1,
                (size_t)(left - index - 1) * sizeof free_bits[0]);
        left--;
        unsigned char mark = (unsigned char)(side + 1);
        owner[at] = mark;
        last_at = at;
        plies++;
        last = (at / width) * (width - 1) + at % width;
        if (append_cell(moves, width, at) < 0) {
            return NULL;
        }
        int won = 0;
        for (int direction = 0; direction < 4 && !won; direction++) {
            int length = run_through(owner, size, at, steps[direction], mark);
            won = exact ? length == k : length >= k;
        }
        /* One look at the clock a move: a move's time runs from the end of the one before
         * to the end of its own win test. */
        int64_t ended = ticks();
        int64_t spent = ended - started;
        started = ended;
        total[side] += spent;
        if (spent > longest[side]) {
            longest[side] = spent;
        }
        if (won) {
            result = side == 0 ? 1 : -1;
            break;
        }
        side = 1 - side;
    }
    /* The moves' ticks in nanoseconds: the game's monotonic time over its ticks. */
    double game_ticks = (double)(started - game_started);
    double scale = game_ticks > 0 ? (double)(now_ns() - game_started_ns) / game_ticks : 1.0;
    for (int who = 0; who < 2; who++) {
        total[who] = (int64_t)((double)total[who] * scale);
        longest[who] = (int64_t)((double)longest[who] * scale);
    }
    PyObject *first_bits = row_major_bits(owner, width, size, 1);
    PyObject *second_bits = first_bits == NULL ? NULL : row_major_bits(owner, width, size, 2);
    PyObject *runs = NULL;
    if (second_bits != NULL) {
        runs = result == 0 ? PyTuple_New(0)
                           : winning_runs(owner, width, size, last_at,
                                          (unsigned char)(result > 0 ? 1 : 2), k, exact);
    }
    if (runs == NULL) {
        Py_XDECREF(first_bits);
        Py_XDECREF(second_bits);
        return NULL;
    }
    return Py_BuildValue("(innNNNLLLL)", result, plies, last, first_bits, second_bits, runs,
                         (long long)total[0], (long long)longest[0], (long long)total[1],
                         (long long)longest[1]);
}

static PyMethodDef fastplay_methods[] = {
    {"playout", (PyCFunction)(void (*)(void))fastplay_playout, METH_FASTCALL,
     "A random playout on padded bits: 1, -1 or 0 for the side to move (see playout.py)."},
    {"random_game", (PyCFunction)(void (*)(void))fastplay_random_game, METH_FASTCALL,
     "A whole game between two uniformly random seats (see the play loop's fast path)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fastplay_module = {
    PyModuleDef_HEAD_INIT,
    "_fastplay",
    "Random playouts to the end of a game, compiled (ttt_desktop.core.playout's other half).",
    0,
    fastplay_methods,
};

PyMODINIT_FUNC
PyInit__fastplay(void)
{
    return PyModule_Create(&fastplay_module);
}
