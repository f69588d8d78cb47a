/* Distinct C frames for callgrind (benchmarks/zoned_bot.py): zone_NN(f, *args) calls f(*args)
 * inside a C function of its own name, so callgrind's inclusive cost of zone_NN is the Python
 * work done in that call. Python 3.11 runs a Python-to-Python call inside the caller's
 * evaluation loop, where callgrind cannot tell one function's cost from another's; a call from C
 * starts a loop of its own, and this frame names it. */
#include <Python.h>

static volatile long calls; /* after the call: no tail call, so the frame stays on the stack */

#define ZONE(n)                                                                                \
    __attribute__((noinline)) static PyObject *zone_##n(PyObject *self, PyObject *const *args,  \
                                                        Py_ssize_t nargs) {                    \
        if (nargs < 1) {                                                                       \
            PyErr_SetString(PyExc_TypeError, "zone_" #n "(f, *args)");                         \
            return NULL;                                                                       \
        }                                                                                      \
        PyObject *result = PyObject_Vectorcall(args[0], args + 1, nargs - 1, NULL);            \
        calls++;                                                                               \
        return result;                                                                         \
    }

ZONE(00) ZONE(01) ZONE(02) ZONE(03) ZONE(04) ZONE(05) ZONE(06) ZONE(07)
ZONE(08) ZONE(09) ZONE(10) ZONE(11) ZONE(12) ZONE(13) ZONE(14) ZONE(15)
ZONE(16) ZONE(17) ZONE(18) ZONE(19) ZONE(20) ZONE(21) ZONE(22) ZONE(23)

#define METHOD(n) {"zone_" #n, (PyCFunction)(void (*)(void))zone_##n, METH_FASTCALL, NULL},
static PyMethodDef methods[] = {
    METHOD(00) METHOD(01) METHOD(02) METHOD(03) METHOD(04) METHOD(05) METHOD(06) METHOD(07)
    METHOD(08) METHOD(09) METHOD(10) METHOD(11) METHOD(12) METHOD(13) METHOD(14) METHOD(15)
    METHOD(16) METHOD(17) METHOD(18) METHOD(19) METHOD(20) METHOD(21) METHOD(22) METHOD(23)
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "zones", NULL, -1, methods};

PyMODINIT_FUNC PyInit_zones(void) { return PyModule_Create(&module); }
