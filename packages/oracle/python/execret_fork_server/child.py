"""Job children, forked by the zygote. Untrusted code runs here, and only here."""
import builtins
import json
import marshal
import os
import resource
import signal
import struct
import sys

from . import config
from .common import (
    ASSERTION_ERROR, BYTES_DECODE, DONE_INDEX, EXIT_ESCAPED, EXIT_FORKED, EXIT_SETUP, FRAME, KIND_END,
    KIND_OUTCOME, KIND_UNSERIALIZABLE, KIND_VALUE, MAX_OUTCOME_BYTES, MAX_VALUE_BYTES, MAX_VALUE_DEPTH,
    MAX_VALUE_HASHED, MAX_VALUE_NODES, MODE_RUN, PR_SET_NO_NEW_PRIVS, PR_SET_PDEATHSIG, STR_ENCODE,
    TYPE_NAME, Unserializable, prctl, set_name,
)

def read_exact(fd, n):
    chunks = []
    while n > 0:
        chunk = os.read(fd, min(n, 1 << 20))
        if not chunk:
            raise EOFError("job channel closed")
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def child_main(chan, zygote_pid):
    """Runs in the job child. Never returns: every path ends in os._exit. Forked ahead by the zygote, it
    sets itself up, waits (as root, running nothing untrusted) for its job from the judge, then drops to
    the sandbox uid and runs it."""
    _exit = os._exit
    try:
        if prctl(PR_SET_PDEATHSIG, signal.SIGKILL) != 0 or os.getppid() != zygote_pid:
            _exit(EXIT_SETUP)
        os.setsid()
        devnull = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        taken = config.PATH_FDS | {0, 1, 2, devnull, chan}
        rfd = int.from_bytes(os.urandom(2), "little") % (config.FD_HIGH - 32) + 32
        while rfd in taken:
            rfd = rfd + 1 if rfd + 1 < config.FD_HIGH else 32
        os.dup2(chan, rfd, inheritable=False)
        keep = sorted(config.PATH_FDS | {0, 1, 2, rfd})
        lo = 3
        for fd in keep:
            if fd >= lo:
                os.closerange(lo, fd)
                lo = fd + 1
        os.closerange(lo, 1 << 20)
        limits = (
            (resource.RLIMIT_CORE, 0),
            (resource.RLIMIT_AS, config.CFG["memory_bytes"]),
            (resource.RLIMIT_FSIZE, config.CFG["fsize_bytes"]),
            (resource.RLIMIT_NPROC, config.NPROC),
            (resource.RLIMIT_NOFILE, config.CFG["nofile"]),
        )
        for which, value in limits:
            resource.setrlimit(which, (value, value))
        os.chdir(config.WORKDIR)
        # The job, from the judge: only the snippet and, per test, the whole test or just its probe; and
        # the CPU limit that goes with the job's budget.
        size = struct.unpack("<I", read_exact(rfd, 4))[0]
        nonce, snippet, items, cpu_s = marshal.loads(read_exact(rfd, size))
        set_name(b"execret-job")
        if config.DROP:
            os.setgroups([])
            os.setgid(config.GID)
            os.setuid(config.UID)
        # The uid change cleared the parent-death signal: set it again.
        if prctl(PR_SET_NO_NEW_PRIVS, 1) != 0 or prctl(PR_SET_PDEATHSIG, signal.SIGKILL) != 0:
            _exit(EXIT_SETUP)
        if os.getppid() != zygote_pid:
            _exit(EXIT_SETUP)
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s))
    except BaseException:
        _exit(EXIT_SETUP)
    # Everything the reporting path needs is bound to locals here, before any untrusted code runs, and
    # the outcome strings are built inline from literals: monkeypatching builtins, modules, exception
    # classes or this module's globals afterwards does not change what an honest child reports.
    _write = os.write
    _getpid = os.getpid
    _pack = FRAME.pack
    _encode = STR_ENCODE
    _decode = BYTES_DECODE
    _type = type
    _type_name = TYPE_NAME
    _str = str
    _len = len
    _issubclass = issubclass
    _assertion = ASSERTION_ERROR
    _exec = exec
    _eval = eval
    _builtins = builtins
    _settrace = sys.settrace
    _setprofile = sys.setprofile
    _memoryview = memoryview
    _unserializable = Unserializable
    _int_bits = int.bit_length
    _int_format = int.__format__
    _float_repr = float.__repr__
    _bytes_hex = bytes.hex
    _bytearray_hex = bytearray.hex
    _dict_items = dict.items
    _list_append = list.append
    _join = "".join
    _quote = json.encoder.encode_basestring_ascii
    _none_type = type(None)
    _bool, _int, _float, _complex, _str_t, _bytes, _bytearray = bool, int, float, complex, str, bytes, bytearray
    _list, _tuple, _set, _frozenset, _dict = list, tuple, set, frozenset, dict
    _max_outcome = MAX_OUTCOME_BYTES
    _max_bytes = MAX_VALUE_BYTES
    _max_nodes = MAX_VALUE_NODES
    _max_depth = MAX_VALUE_DEPTH
    _max_hashed = MAX_VALUE_HASHED
    _done = DONE_INDEX
    _k_outcome = KIND_OUTCOME
    _k_value = KIND_VALUE
    _k_unserializable = KIND_UNSERIALIZABLE
    _k_end = KIND_END
    _m_run = MODE_RUN
    _exit_forked = EXIT_FORKED
    _exit_escaped = EXIT_ESCAPED
    cap = config.CFG["max_message_chars"]
    me = _getpid()
    open_tags = {_list: '["l"', _tuple: '["t"', _set: '["S"', _frozenset: '["Z"'}

    def write_all(data):
        view = _memoryview(data)
        while view:
            view = view[_write(rfd, view):]

    def encode(value):
        """Tagged JSON of plain data (exact built-in types only); raises Unserializable otherwise."""
        parts = []
        counts = [0, 0, 0]  # nodes, set elements + dict keys, characters

        def put(text):
            counts[2] += _len(text)
            if counts[2] > _max_bytes:
                raise _unserializable()
            _list_append(parts, text)

        def enc(v, depth):
            t = _type(v)
            counts[0] += 1
            if counts[0] > _max_nodes or depth > _max_depth:
                raise _unserializable()
            if t is _none_type:
                put('["N"]')
            elif t is _bool:
                put('["T"]' if v else '["F"]')
            elif t is _int:
                if _int_bits(v) > 4 * _max_bytes:
                    raise _unserializable()
                put('["i","' + _int_format(v, "x") + '"]')
            elif t is _float:
                put('["f","' + _float_repr(v) + '"]')
            elif t is _complex:
                put('["c","' + _float_repr(v.real) + '","' + _float_repr(v.imag) + '"]')
            elif t is _str_t:
                if _len(v) > _max_bytes:
                    raise _unserializable()
                put('["s",' + _quote(v) + "]")
            elif t is _bytes:
                if 2 * _len(v) > _max_bytes:
                    raise _unserializable()
                put('["b","' + _bytes_hex(v) + '"]')
            elif t is _bytearray:
                if 2 * _len(v) > _max_bytes:
                    raise _unserializable()
                put('["B","' + _bytearray_hex(v) + '"]')
            elif t is _list or t is _tuple or t is _set or t is _frozenset:
                if t is _set or t is _frozenset:
                    counts[1] += _len(v)
                    if counts[1] > _max_hashed:
                        raise _unserializable()
                put(open_tags[t])
                for x in v:
                    put(",")
                    enc(x, depth + 1)
                put("]")
            elif t is _dict:
                counts[1] += _len(v)
                if counts[1] > _max_hashed:
                    raise _unserializable()
                put('["d"')
                for k, x in _dict_items(v):
                    put(",")
                    enc(k, depth + 1)
                    put(",")
                    enc(x, depth + 1)
                put("]")
            else:
                raise _unserializable()

        enc(value, 0)
        return _join(parts)

    try:
        index = 0
        for mode, code in items:
            ns = {"__name__": "__main__", "__builtins__": _builtins}
            kind = _k_outcome
            try:
                _exec(snippet, ns)
                if mode == _m_run:
                    _exec(code, ns)
                    out = "pass"
                else:
                    value = _eval(code, ns)
                    try:
                        out = encode(value)
                        kind = _k_value
                    except BaseException:  # noqa: BLE001 - not plain data, or beyond the limits
                        out = ""
                        kind = _k_unserializable
                    value = None
            except BaseException as exc:  # noqa: BLE001 - every exception is an outcome
                cls = _type(exc)
                try:
                    name = _type_name(cls)
                except BaseException:  # noqa: BLE001
                    name = "?"
                try:
                    msg = _decode(_encode(_str(exc), "utf-8", "replace")[:cap], "utf-8", "ignore")
                except BaseException:  # noqa: BLE001 - a hostile __str__ is still an outcome
                    msg = "<str() of the exception failed>"
                if _issubclass(cls, _assertion):
                    out = "FAIL: " + msg if msg else "FAIL"
                else:
                    out = "ERROR:" + name + ": " + msg if msg else "ERROR:" + name
                kind = _k_outcome
                exc = None
            ns = None
            _settrace(None)
            _setprofile(None)
            if _getpid() != me:
                _exit(_exit_forked)
            if kind == _k_value:
                payload = _encode(out, "ascii")
            else:
                payload = _encode(out, "utf-8", "replace")[:_max_outcome]
            write_all(nonce + _pack(index, kind, _len(payload)) + payload)
            index += 1
        write_all(nonce + _pack(_done, _k_end, 0))
    except BaseException:  # noqa: BLE001
        _exit(_exit_escaped)
    _exit(0)
