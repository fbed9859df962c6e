"""Job children, forked by the zygote. Untrusted code runs here, and only here.

``build_child`` runs once, in the zygote, before any child is forked: it binds everything the reporting
path needs and builds the functions a child runs, so that a child repeats none of that work (every page a
child writes after the fork is a copy-on-write fault, which is what a job costs on machines with
expensive page-table operations). A child then only sets itself up, waits for its job, drops to the
sandbox uid, runs the tests and reports each one as a frame.
"""
import builtins
import json
import marshal
import os
import resource
import signal
import struct
import sys

from . import config, scratch
from .common import (
    ASSERTION_ERROR, BYTES_DECODE, DONE_INDEX, END_WORK, EXIT_ESCAPED, EXIT_FORKED, EXIT_SETUP, EXIT_WORK_LIMIT, FRAME,
    KIND_END, KIND_OUTCOME, KIND_READY, KIND_UNSERIALIZABLE, KIND_VALUE, KIND_WORK_LIMIT, MAX_OUTCOME_BYTES,
    MAX_VALUE_BYTES, READY_INDEX,
    MAX_VALUE_DEPTH, MAX_VALUE_HASHED, MAX_VALUE_NODES, MODE_RUN, MODE_VALUE, PR_SET_NAME, PR_SET_PDEATHSIG, SEMANTIC,
    STR_ENCODE, TYPE_NAME, Unserializable, prctl_function,
)

# Exact built-in types a subclass of which is reported as its base value plus its class (tag "C").
SUBCLASSABLE = (int, float, complex, str, bytes, bytearray, list, tuple, set, frozenset, dict)
HEAPTYPE = 1 << 9
IMMUTABLETYPE = 1 << 8
# Standard-library types reported by their own tag (the judge rebuilds a real one): (module, name).
KNOWN = (
    ("collections", "Counter"), ("collections", "OrderedDict"), ("collections", "defaultdict"),
    ("collections", "deque"), ("fractions", "Fraction"), ("decimal", "Decimal"), ("datetime", "date"),
    ("datetime", "datetime"), ("datetime", "time"), ("datetime", "timedelta"), ("datetime", "timezone"),
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


def build_child():
    """Returns ``child_main(rfd, zygote_pid, forked_at)``, the whole life of a job child. Called once in the
    zygote: every name the child uses is bound here, before any untrusted code can rebind it, and the
    outcome strings are built inline from literals, so monkeypatching builtins, modules, exception classes
    or this module's globals afterwards does not change what an honest child reports."""
    _exit = os._exit
    _write = os.write
    _open = os.open
    _close = os.close
    _o_wronly = os.O_WRONLY
    _oom_score_adj = "/proc/self/oom_score_adj"
    _getpid = os.getpid
    _getppid = os.getppid
    _setsid = os.setsid
    _closerange = os.closerange
    _setgroups, _setgid, _setuid = os.setgroups, os.setgid, os.setuid
    _setrlimit = resource.setrlimit
    _unpack_size = struct.Struct("<I").unpack
    _loads = marshal.loads
    _read_exact = read_exact
    _prctl, _c_int, _c_ulong, _c_char_p = prctl_function()
    _pack = FRAME.pack
    _pack_work = END_WORK.pack
    _end_size = END_WORK.size
    _encode = STR_ENCODE
    _decode = BYTES_DECODE
    _type = type
    _type_name = TYPE_NAME
    _type_mro = type.__dict__["__mro__"].__get__
    _type_dict = type.__dict__["__dict__"].__get__
    _type_flags = type.__dict__["__flags__"].__get__
    _type_module = type.__dict__["__module__"].__get__
    _type_qualname = type.__dict__["__qualname__"].__get__
    _str = str
    _len = len
    _sorted = sorted
    _issubclass = issubclass
    _assertion = ASSERTION_ERROR
    _exec = exec
    _eval = eval
    _builtins = builtins
    _modules = sys.modules
    _settrace = sys.settrace
    _setprofile = sys.setprofile
    _memoryview = memoryview
    _unserializable = Unserializable
    _int_bits = int.bit_length
    _int_format = int.__format__
    _float_repr = float.__repr__
    _complex_real = complex.__dict__["real"].__get__
    _complex_imag = complex.__dict__["imag"].__get__
    _str_str = str.__str__
    _bytes_hex = bytes.hex
    _bytearray_hex = bytearray.hex
    _dict_items = dict.items
    _list_iter, _tuple_iter, _set_iter, _frozenset_iter = list.__iter__, tuple.__iter__, set.__iter__, frozenset.__iter__
    _list_append = list.append
    _join = "".join
    _quote = json.encoder.encode_basestring_ascii
    _none_type = type(None)
    _bool, _int, _float, _complex, _str_t, _bytes, _bytearray = bool, int, float, complex, str, bytes, bytearray
    _list, _tuple, _set, _frozenset, _dict, _range = list, tuple, set, frozenset, dict, range
    _dict_keys_t, _dict_values_t, _dict_items_t = type({}.keys()), type({}.values()), type({}.items())
    _object = object
    _subclassable = SUBCLASSABLE
    _semantic = SEMANTIC
    _known = KNOWN
    _heaptype, _immutabletype = HEAPTYPE, IMMUTABLETYPE
    _max_outcome = MAX_OUTCOME_BYTES
    _max_bytes = MAX_VALUE_BYTES
    _max_nodes = MAX_VALUE_NODES
    _max_depth = MAX_VALUE_DEPTH
    _max_hashed = MAX_VALUE_HASHED
    _done = DONE_INDEX
    _ready_index = READY_INDEX
    _k_ready = KIND_READY
    _k_work_limit = KIND_WORK_LIMIT
    _k_outcome = KIND_OUTCOME
    _k_value = KIND_VALUE
    _k_unserializable = KIND_UNSERIALIZABLE
    _k_end = KIND_END
    _m_run = MODE_RUN
    _exit_forked = EXIT_FORKED
    _exit_work_limit = EXIT_WORK_LIMIT
    _exit_escaped = EXIT_ESCAPED
    _exit_setup = EXIT_SETUP
    _pr_set_pdeathsig = PR_SET_PDEATHSIG
    _pr_set_name = PR_SET_NAME
    _sigkill = signal.SIGKILL
    _job_name = b"execret-job"
    _keep_fds = tuple(sorted(config.PATH_FDS))
    _drop = config.DROP
    _uid, _gid = config.UID, config.GID
    _limits = (
        (resource.RLIMIT_AS, config.CFG["memory_bytes"]),
        (resource.RLIMIT_NPROC, config.NPROC),
        (resource.RLIMIT_NOFILE, config.CFG["nofile"]),
    )
    _rlimit_cpu = resource.RLIMIT_CPU
    _scratch_dirs = tuple(config.SCRATCH_DIRS)
    _scratch_bytes = config.CFG["tmpfs_bytes"]
    _unshare, _mount = scratch.bound_calls() if _scratch_dirs else (None, None)
    _enter_scratch = scratch.enter
    cap = config.CFG["max_message_chars"]
    random = sys.modules.get("random")
    _reseed = random._inst.seed if random is not None and hasattr(random, "_inst") else None
    open_tags = {_list: '["l"', _tuple: '["t"', _set: '["S"', _frozenset: '["Z"'}
    _warm_blob = marshal.dumps((
        b"\0" * 16,
        compile("def warm(x):\n    return [x, (x, 'a'), {x: 1.5}, None]\n", "<warm>", "exec", dont_inherit=True),
        ((MODE_VALUE, compile("warm(1)", "<warm>", "eval", dont_inherit=True)),
         (MODE_RUN, compile("assert warm(2) == 0, 'warm'", "<warm>", "exec", dont_inherit=True))),
        1,
    ))
    missing = _object()
    _function = type(lambda: None)
    _dataclass_methods = ("__eq__", "__lt__", "__le__", "__gt__", "__ge__")

    def write_all(rfd, data):
        view = _memoryview(data)
        while view:
            view = view[_write(rfd, view):]

    def lookup(t, name):
        """The attribute the type machinery finds for ``name`` on ``t`` (its MRO's dicts, in order)."""
        for k in _type_mro(t):
            d = _type_dict(k)
            if name in d:
                return d[name]
        return missing

    def describe_class(t, base):
        """(name as in error messages, space-separated dunders that differ from base's, hash state)."""
        flags = _type_flags(t)
        if flags & _heaptype and not flags & _immutabletype:
            name = _type_name(t)
        else:
            module = _type_module(t)
            name = _type_qualname(t) if module == "builtins" else module + "." + _type_qualname(t)
        traps = [n for n in _semantic if lookup(t, n) is not lookup(base, n) and not dataclass_made(t, n)]
        if base is _object:
            for k in _type_mro(t):
                if k is not _object and not _type_flags(k) & _heaptype:
                    _list_append(traps, "buffer")  # a C type may export a buffer, invisible in its dict
                    break
        h = lookup(t, "__hash__")
        hash_state = 0 if h is lookup(base, "__hash__") else 1 if h is None else 2
        return name[:200], " ".join(traps), hash_state

    def dataclass_made(t, name):
        """Whether ``name`` on ``t`` is a comparison method generated by ``dataclasses`` (it compares
        only with instances of exactly the same class: against anything else, identity)."""
        if name not in _dataclass_methods:
            return False
        for k in _type_mro(t):
            d = _type_dict(k)
            if name in d:
                fn = d[name]
                return (_type(fn) is _function and "__dataclass_params__" in d
                        and fn.__code__.co_filename == "<string>")
        return False

    def known_kind(t):
        for module, name in _known:
            m = _modules.get(module)
            if m is not None and m.__dict__.get(name) is t:
                return name
        return None

    def enc(v, depth, st):
        """Appends the tagged JSON of ``v`` to ``st[3]``; ``st`` is [nodes, hashed, characters, parts]."""
        t = _type(v)
        st[0] += 1
        if st[0] > _max_nodes or depth > _max_depth or st[2] > _max_bytes:
            raise _unserializable()
        parts = st[3]
        if t is _none_type:
            _list_append(parts, '["N"]')
        elif t is _bool:
            _list_append(parts, '["T"]' if v else '["F"]')
        elif t is _int:
            if _int_bits(v) > 4 * _max_bytes:
                raise _unserializable()
            text = '["i","' + _int_format(v, "x") + '"]'
            st[2] += _len(text)
            _list_append(parts, text)
        elif t is _float:
            _list_append(parts, '["f","' + _float_repr(v) + '"]')
        elif t is _str_t:
            if _len(v) > _max_bytes:
                raise _unserializable()
            text = '["s",' + _quote(v) + "]"
            st[2] += _len(text)
            _list_append(parts, text)
        elif t is _list or t is _tuple or t is _set or t is _frozenset:
            if t is _set or t is _frozenset:
                st[1] += _len(v)
                if st[1] > _max_hashed:
                    raise _unserializable()
            _list_append(parts, open_tags[t])
            for x in v:
                _list_append(parts, ",")
                enc(x, depth + 1, st)
            _list_append(parts, "]")
            st[2] += 2 * _len(v) + 5
        elif t is _dict:
            st[1] += _len(v)
            if st[1] > _max_hashed:
                raise _unserializable()
            _list_append(parts, '["d"')
            for k, x in _dict_items(v):
                _list_append(parts, ",")
                enc(k, depth + 1, st)
                _list_append(parts, ",")
                enc(x, depth + 1, st)
            _list_append(parts, "]")
            st[2] += 4 * _len(v) + 5
        else:
            enc_other(v, t, depth, st)

    def enc_base(v, base, depth, st):
        """``v`` (an instance of a subclass of ``base``) as the exact ``base`` value, read with ``base``'s
        own methods, so nothing the subclass overrides runs."""
        parts = st[3]
        if base is _int:
            if _int_bits(v) > 4 * _max_bytes:
                raise _unserializable()
            _list_append(parts, '["i","' + _int_format(v, "x") + '"]')
        elif base is _float:
            _list_append(parts, '["f","' + _float_repr(v) + '"]')
        elif base is _complex:
            _list_append(parts, '["c","' + _float_repr(_complex_real(v)) + '","' + _float_repr(_complex_imag(v)) + '"]')
        elif base is _str_t:
            enc(_str_str(v), depth, st)
        elif base is _bytes or base is _bytearray:
            if 2 * _len(v) > _max_bytes:
                raise _unserializable()
            text = _bytes_hex(v) if base is _bytes else _bytearray_hex(v)
            st[2] += _len(text)
            _list_append(parts, ('["b","' if base is _bytes else '["B","') + text + '"]')
        elif base is _dict:
            st[1] += _len(v)
            if st[1] > _max_hashed:
                raise _unserializable()
            _list_append(parts, '["d"')
            for k, x in _dict_items(v):
                _list_append(parts, ",")
                enc(k, depth + 1, st)
                _list_append(parts, ",")
                enc(x, depth + 1, st)
            _list_append(parts, "]")
        else:
            it = (_list_iter if base is _list else _tuple_iter if base is _tuple
                  else _set_iter if base is _set else _frozenset_iter)(v)
            if base is _set or base is _frozenset:
                st[1] += _len(v)
                if st[1] > _max_hashed:
                    raise _unserializable()
            _list_append(parts, open_tags[base])
            for x in it:
                _list_append(parts, ",")
                enc(x, depth + 1, st)
            _list_append(parts, "]")

    def enc_seq(tag, items, depth, st):
        parts = st[3]
        _list_append(parts, tag)
        for x in items:
            _list_append(parts, ",")
            enc(x, depth + 1, st)
        _list_append(parts, "]")

    def enc_other(v, t, depth, st):
        """Values that are not exact built-in data: a known standard-library type (tag "X"), a subclass of
        a built-in type (tag "C": its base value, its class name and what the class overrides of the
        comparison, hashing, truth and membership protocols), or any other object (tag "O": compared by
        identity except for what its class defines). The judge rebuilds each with its own types."""
        parts = st[3]
        if t is _complex:
            _list_append(parts, '["c","' + _float_repr(_complex_real(v)) + '","' + _float_repr(_complex_imag(v)) + '"]')
            return
        if t is _bytes or t is _bytearray:
            enc_base(v, t, depth, st)
            return
        if t is _range:
            enc_seq('["X","range"', (v.start, v.stop, v.step), depth, st)
            return
        if t is _dict_keys_t or t is _dict_values_t or t is _dict_items_t:
            st[1] += _len(v)
            if st[1] > _max_hashed:
                raise _unserializable()
            tag = '["X","dict_keys"' if t is _dict_keys_t else '["X","dict_values"' if t is _dict_values_t else '["X","dict_items"'
            enc_seq(tag, (_tuple(x) if t is _dict_items_t else x for x in v), depth, st)
            return
        kind = known_kind(t)
        if kind is not None:
            enc_known(kind, v, depth, st)
            return
        base = None
        for k in _type_mro(t):
            if k in _subclassable:
                base = k
                break
        name, traps, hash_state = describe_class(t, base if base is not None else _object)
        if base is None:
            _list_append(parts, '["O",' + _quote(name) + "," + _quote(traps) + ',"' + _str(hash_state) + '"]')
            st[2] += _len(name) + _len(traps) + 16
            return
        _list_append(parts, '["C",' + _quote(name) + "," + _quote(traps) + ',"' + _str(hash_state) + '",')
        st[2] += _len(name) + _len(traps) + 16
        enc_base(v, base, depth + 1, st)
        _list_append(parts, "]")

    def enc_known(kind, v, depth, st):
        if kind in ("Counter", "OrderedDict", "defaultdict"):
            st[1] += _len(v)
            if st[1] > _max_hashed:
                raise _unserializable()
            flat = []
            for k, x in _dict_items(v):
                _list_append(flat, k)
                _list_append(flat, x)
            enc_seq('["X","' + kind + '"', flat, depth, st)
        elif kind == "deque":
            enc_seq('["X","deque"', [v.maxlen] + _list(v), depth, st)
        elif kind == "Fraction":
            enc_seq('["X","Fraction"', (v.numerator, v.denominator), depth, st)
        elif kind == "Decimal":
            enc_seq('["X","Decimal"', (_str(v),), depth, st)
        elif kind == "date":
            enc_seq('["X","date"', (v.year, v.month, v.day), depth, st)
        elif kind == "time":
            enc_seq('["X","time"', (v.hour, v.minute, v.second, v.microsecond, v.tzinfo, v.fold), depth, st)
        elif kind == "datetime":
            enc_seq('["X","datetime"', (v.year, v.month, v.day, v.hour, v.minute, v.second, v.microsecond,
                                        v.tzinfo, v.fold), depth, st)
        elif kind == "timedelta":
            enc_seq('["X","timedelta"', (v.days, v.seconds, v.microseconds), depth, st)
        else:  # timezone
            offset = v.utcoffset(None)
            tzname = v.tzname(None)
            default = _type(v)(offset).tzname(None)
            enc_seq('["X","timezone"', (offset, None if tzname == default else tzname), depth, st)

    def encode(value):
        """Tagged JSON of ``value``; raises Unserializable beyond the limits."""
        st = [0, 0, 0, []]
        enc(value, 0, st)
        text = _join(st[3])
        if _len(text) > _max_bytes:
            raise _unserializable()
        return text

    def summary(value):
        """For a value beyond the limits: its exact built-in type and length, which is enough for the judge
        to decide == and != against a literal of another length, and truthiness."""
        t = _type(value)
        tags = {_list: "l", _tuple: "t", _set: "S", _frozenset: "Z", _dict: "d", _str_t: "s", _bytes: "b",
                _bytearray: "B"}
        tag = tags.get(t)
        if tag is None:
            raise _unserializable()
        return '["L","' + tag + '","' + _str(_len(value)) + '"]'

    def work_tracer(limit, counted, rfd, nonce):
        """A trace function that counts line events in ``counted[0]`` and, when they pass ``limit``, sends the
        work-limit frame and ends the child: a measure of work that does not depend on the machine's speed (the
        same code on the same interpreter executes the same lines). Cooperative: code of the job can remove
        it or work where it does not count (another thread, C code), which only spares the job a cut the
        judge would have made; the job's time is bounded from outside all the same."""
        def local(frame, event, arg):
            if event == "line":
                counted[0] += 1
                if counted[0] > limit:
                    if rfd is not None:
                        write_all(rfd, nonce + _pack(_done, _k_work_limit, 0))
                    _exit(_exit_work_limit)
            return local

        def start(frame, event, arg):
            return local

        return start

    def run(rfd, nonce, snippet, items, work_limit=0):
        """Runs the items (one per test) and reports each as a frame (``rfd`` None: builds the frames and
        drops them, for the warm-up). With ``work_limit`` > 0 the line events of the whole job are counted
        and the child exits with EXIT_WORK_LIMIT when they pass it; returns the count."""
        me = _getpid()
        index = 0
        counted = [0]
        tracer = work_tracer(work_limit, counted, rfd, nonce) if work_limit > 0 else None
        for mode, code in items:
            ns = {"__name__": "__main__", "__builtins__": _builtins}
            kind = _k_outcome
            try:
                if tracer is not None:
                    _settrace(tracer)
                _exec(snippet, ns)
                if mode == _m_run:
                    _exec(code, ns)
                    _settrace(None)
                    out = "pass"
                else:
                    value = _eval(code, ns)
                    _settrace(None)  # the reporting path is not the job's work
                    try:
                        out = encode(value)
                        kind = _k_value
                    except BaseException:  # beyond the limits, or not encodable at all
                        try:
                            out = summary(value)
                            kind = _k_value
                        except BaseException:
                            out = ""
                            kind = _k_unserializable
                    value = None
            except BaseException as exc:  # every exception is an outcome
                cls = _type(exc)
                try:
                    name = _type_name(cls)
                except BaseException:
                    name = "?"
                try:
                    msg = _decode(_encode(_str(exc), "utf-8", "replace")[:cap], "utf-8", "ignore")
                except BaseException:  # a hostile __str__ is still an outcome
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
            frame = nonce + _pack(index, kind, _len(payload)) + payload
            if rfd is not None:
                write_all(rfd, frame)
            index += 1
        return counted[0]

    def child_main(rfd, zygote_pid, forked_at):
        """The job child. Never returns: every path ends in os._exit. Forked ahead by the zygote (which set
        up what every child shares: stdio on /dev/null, the working directory, no_new_privs, the rlimits
        that cannot hurt the zygote, the socket on a random descriptor), it starts a session, closes every
        other descriptor, sets the remaining rlimits and waits, as root and running nothing untrusted, for
        its job; then it drops to the sandbox uid and runs it."""
        try:
            _setsid()
            lo = 3
            for fd in _sorted(_keep_fds + (rfd,)):
                if fd >= lo:
                    _closerange(lo, fd)
                    lo = fd + 1
            _closerange(lo, 1 << 20)
            for which, value in _limits:
                _setrlimit(which, (value, value))
            # rlimit as root: a private scratch on the host's world-writable directories, gone with the job.
            if _scratch_dirs and not _enter_scratch(_unshare, _mount, _scratch_dirs, _scratch_bytes):
                _exit(_exit_setup)
            if _prctl(_pr_set_pdeathsig, _c_ulong(_sigkill), _c_ulong(0), _c_ulong(0), _c_ulong(0)) != 0:
                _exit(_exit_setup)
            if _reseed is not None:
                _reseed()  # the zygote's fork skips the at-fork hooks: a fresh random state per child
            # First in line for the OOM killer (with everything it starts): where a job's memory is limited as a
            # whole (the server's control group), a job over it loses its own processes, not the judge or zygote.
            try:
                oom = _open(_oom_score_adj, _o_wronly)
                try:
                    _write(oom, b"1000")
                finally:
                    _close(oom)
            except OSError:
                pass  # a /proc that refuses it: the per-process limits still hold
            # Warm-up, while no job is waiting for this child: the first unmarshal, exec, eval, encoding
            # and exception of a child write to many pages it shares with the zygote (copy-on-write
            # faults, ~50 us each where page-table operations are expensive); doing them here, on a dummy
            # job, takes most of them off the job's critical path.
            warm_nonce, warm_snippet, warm_items, _cpu = _loads(_warm_blob)
            run(None, warm_nonce, warm_snippet, warm_items)
            # The job, from the judge: only the snippet and, per test, the whole test or just its probe;
            # and the CPU limit that goes with the job's budget.
            size = _unpack_size(_read_exact(rfd, 4))[0]
            nonce, snippet, items, cpu_s, work_limit = _loads(_read_exact(rfd, size))
            _prctl(_pr_set_name, _c_char_p(_job_name), _c_ulong(0), _c_ulong(0), _c_ulong(0))
            if _drop:
                _setgroups([])
                _setgid(_gid)
                _setuid(_uid)
            # Again after the uid change, which clears it.
            if _prctl(_pr_set_pdeathsig, _c_ulong(_sigkill), _c_ulong(0), _c_ulong(0), _c_ulong(0)) != 0:
                _exit(_exit_setup)
            if _getppid() != zygote_pid:
                _exit(_exit_setup)
            _setrlimit(_rlimit_cpu, (cpu_s, cpu_s))
            # Setup done: from the next line on, what this process does is the job's (see common.READY_INDEX).
            write_all(rfd, nonce + _pack(_ready_index, _k_ready, 0))
        except BaseException:
            _exit(_exit_setup)
        try:
            work = run(rfd, nonce, snippet, items, work_limit)
            write_all(rfd, nonce + _pack(_done, _k_end, _end_size) + _pack_work(work))
        except BaseException:
            _exit(_exit_escaped)
        _exit(0)

    return child_main
