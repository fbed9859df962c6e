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
EXIT_SETUP = 113
EXIT_ESCAPED = 114
EXIT_FORKED = 115
# Child -> judge frames: nonce(16) | index u16 | kind u8 | length u32 | payload.
FRAME = struct.Struct("<HBI")
HEADER_BYTES = 16 + FRAME.size
DONE_INDEX = 0xFFFF
KIND_OUTCOME = 0
KIND_VALUE = 1
KIND_UNSERIALIZABLE = 2
KIND_END = 3
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
ASSERTION_ERROR = AssertionError
TYPE_NAME = type.__dict__["__name__"].__get__
STR_ENCODE = str.encode
BYTES_DECODE = bytes.decode


def prctl(option, arg):
    return LIBC.prctl(ctypes.c_int(option), ctypes.c_ulong(arg), ctypes.c_ulong(0),
                      ctypes.c_ulong(0), ctypes.c_ulong(0))


def set_name(name):
    LIBC.prctl(ctypes.c_int(PR_SET_NAME), ctypes.c_char_p(name), ctypes.c_ulong(0),
               ctypes.c_ulong(0), ctypes.c_ulong(0))


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
    """A probe's value is not plain data (or exceeds the limits): the test is judged whole in a child."""
