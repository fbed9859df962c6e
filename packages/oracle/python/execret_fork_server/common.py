"""Protocol constants and the few helpers every kind of server process uses."""
import ctypes
import json
import os
import struct

LIBC = ctypes.CDLL(None, use_errno=True)
PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_NAME = 15
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38
# Exit statuses of the server's own processes. A job child's exit status means something to the judge only
# before the child's ready frame (see below): from then on untrusted code runs there, and any exit is the
# snippet's (ERROR:ChildExited), whatever the number.
EXIT_SETUP = 113
EXIT_ESCAPED = 114
EXIT_FORKED = 115
# A job child that spent its work limit (line events, see child.run) sends a work-limit frame and exits with
# this status (the frame, not the status, tells the judge).
EXIT_WORK_LIMIT = 116
# Child -> judge frames: nonce(16) | index u16 | kind u8 | length u32 | payload. The ready frame (index
# READY_INDEX, empty) is the child's first: it is written by the child's own code once its setup is done
# (job read, uid dropped, limits set), right before the first line of untrusted code runs, so that whatever
# happens before it is the machinery's failure (ERROR:OracleSetupError, never cached) and whatever happens
# after it is the job's. The end frame's payload is END_WORK: the line events the job executed when it had a
# work limit (0 otherwise), the job's own count (a claim: the judge decides nothing from it, see judge).
# A work-limit frame (index DONE_INDEX, empty) says the job spent its work limit.
FRAME = struct.Struct("<HBI")
END_WORK = struct.Struct("<Q")
HEADER_BYTES = 16 + FRAME.size
DONE_INDEX = 0xFFFF
READY_INDEX = 0xFFFE
KIND_OUTCOME = 0
KIND_VALUE = 1
KIND_UNSERIALIZABLE = 2
KIND_END = 3
KIND_READY = 4
KIND_WORK_LIMIT = 5
# What a job child does with an item: run a whole test (and report its outcome), or evaluate a probe
# expression (and report its value, or the exception it raised).
MODE_RUN = 0
MODE_VALUE = 1
MAX_OUTCOME_BYTES = 4000
# Limits of a reported value: encoded size, nodes, nesting, set elements and dict keys.
MAX_VALUE_BYTES = 1 << 20
MAX_VALUE_NODES = 100000
MAX_VALUE_DEPTH = 100
MAX_VALUE_HASHED = 2000
# What the judge may do with a reported value (compare it, hash it, take its truth, look for something in
# it or it in something) calls these on its class. A value whose class defines one of them differently
# from its built-in base (or, for any other object, from object) is rebuilt by the judge with a trap in
# its place: deciding a test that needs it would run the snippet's own code, so the judge does not.
SEMANTIC = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__bool__", "__len__",
            "__contains__", "__iter__", "__getitem__", "__index__", "__buffer__")
ASSERTION_ERROR = AssertionError
TYPE_NAME = type.__dict__["__name__"].__get__
STR_ENCODE = str.encode
BYTES_DECODE = bytes.decode


def prctl(option, arg):
    return LIBC.prctl(ctypes.c_int(option), ctypes.c_ulong(arg), ctypes.c_ulong(0),
                      ctypes.c_ulong(0), ctypes.c_ulong(0))


def prctl_function():
    """(prctl, c_int, c_ulong, c_char_p): what a job child needs to call prctl without any lookup."""
    return LIBC.prctl, ctypes.c_int, ctypes.c_ulong, ctypes.c_char_p


def set_name(name):
    LIBC.prctl(PR_SET_NAME, name, 0, 0, 0)


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def emit(obj):
    write_all(1, (json.dumps(obj, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii"))


def describe(exc, cap):
    """Outcome string for an exception: FAIL[: msg] for assertion errors, else ERROR:<Type>[: msg]."""
    try:
        name = TYPE_NAME(type(exc))
    except BaseException:
        name = "?"
    try:
        msg = str(exc)
        msg = BYTES_DECODE(STR_ENCODE(msg, "utf-8", "replace")[:cap], "utf-8", "ignore")
    except BaseException:
        msg = "<str() of the exception failed>"
    if issubclass(type(exc), ASSERTION_ERROR):
        return "FAIL: " + msg if msg else "FAIL"
    return "ERROR:" + name + ": " + msg if msg else "ERROR:" + name


class Unserializable(Exception):
    """A probe's value cannot be reported as data (beyond the limits): the child says so instead."""
