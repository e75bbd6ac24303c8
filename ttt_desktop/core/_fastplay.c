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
 * This file is the project's own (MIT, like the rest); it needs only the C compiler and
 * Python's headers. Renju and caro keep the pure-Python loop.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

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

static PyObject *
fastplay_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError,
                        "playout(width, size, k, exact, mine, theirs, free, random, moves)");
        return NULL;
    }
    Py_ssize_t width = PyLong_AsSsize_t(args[0]);
    Py_ssize_t size = PyLong_AsSsize_t(args[1]);
    long k = PyLong_AsLong(args[2]);
    int exact = PyObject_IsTrue(args[3]);
    PyObject *free_list = args[6];
    PyObject *random = args[7];
    PyObject *moves = args[8];
    if (PyErr_Occurred() || exact < 0) {
        return NULL;
    }
    if (width < 2 || size < width || size > MAX_BITS || k < 1) {
        PyErr_SetString(PyExc_ValueError, "a board of at most 512 padded bits");
        return NULL;
    }
    if (!PyList_Check(free_list)) {
        PyErr_SetString(PyExc_TypeError, "free is a list of single-bit masks");
        return NULL;
    }
    if (moves != Py_None && !PyList_Check(moves)) {
        PyErr_SetString(PyExc_TypeError, "moves is a list or None");
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
        PyObject *drawn = PyObject_CallNoArgs(random);
        if (drawn == NULL) {
            return NULL;
        }
        double value = PyFloat_AsDouble(drawn);
        Py_DECREF(drawn);
        if (value == -1.0 && PyErr_Occurred()) {
            return NULL;
        }
        /* As int(random() * len(free)) with the list's pop-and-fill. */
        Py_ssize_t index = (Py_ssize_t)(value * (double)left);
        if (index < 0 || index >= left) {
            PyErr_SetString(PyExc_ValueError, "random() gave a value outside [0, 1)");
            return NULL;
        }
        Py_ssize_t at = free_bits[index];
        left--;
        free_bits[index] = free_bits[left];
        owner[at] = mover;
        if (moves != Py_None) {
            PyObject *cell = PyLong_FromSsize_t((at / width) * (width - 1) + at % width);
            if (cell == NULL || PyList_Append(moves, cell) < 0) {
                Py_XDECREF(cell);
                return NULL;
            }
            Py_DECREF(cell);
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

static PyMethodDef fastplay_methods[] = {
    {"playout", (PyCFunction)(void (*)(void))fastplay_playout, METH_FASTCALL,
     "A random playout on padded bits: 1, -1 or 0 for the side to move (see playout.py)."},
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
