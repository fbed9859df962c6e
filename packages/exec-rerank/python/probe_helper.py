# The probe helper of @execret/exec-rerank: `pythonProbeCode` (src/python/probe-test.ts) appends everything from
# the `def` line on, after two blank lines, to the code of every candidate a probe runs; `pythonProbeTest` writes
# the one-line calls of it. The helper calls the function under test on one input inside the sandbox and reports
# what happened as the message of an AssertionError (the test's outcome): `R:<canonical repr>` (plus ` A:<args>`
# when the arguments were mutated), `E:<ExceptionType>`, `E:ProbeBudget`, `E:ProbeTimeout`, or `H:<hash> <start>`
# for long reports. Every byte from the `def` line on is part of every probe job, hence of its cache key: change
# it only together with PROBE_TEST_VERSION (src/defaults.ts).


def __execret_probe(__fn, __args, __kwargs, __seconds, __steps, __suite_steps, __memory):
    import hashlib as _hl, re as _re, signal as _sg, sys as _sys, types as _ty
    class _Timeout(BaseException):
        pass
    class _Budget(BaseException):
        pass
    def _on_alarm(*_):
        raise _Timeout()
    _iters = (_ty.GeneratorType, map, filter, zip, reversed, enumerate)
    def _c(v, d):
        if d > 8:
            return '...'
        t = type(v)
        if t is int:
            try:
                return repr(v)
            except ValueError:
                return '0x%x' % v
        if (t is str or t is bytes) and len(v) > 10000:
            _h = _hl.sha256(repr(v[:5000] + v[-5000:]).encode('utf-8', 'replace')).hexdigest()[:32]
            return '<%s len=%d ends=%s>' % (t.__name__, len(v), _h)
        if v is None or t is bool or t is str or t is bytes or t is complex:
            return repr(v)
        if t is float:
            if v != v:
                return 'nan'
            if v in (float('inf'), float('-inf')):
                return repr(v)
            return repr(float(format(v, '.12g')) + 0.0)
        if isinstance(v, (list, tuple)):
            inner = ', '.join(_c(x, d + 1) for x in v[:200]) + (', ...%d' % len(v) if len(v) > 200 else '')
            if isinstance(v, list):
                return '[' + inner + ']'
            return '(' + inner + (',' if len(v) == 1 else '') + ')'
        if isinstance(v, (set, frozenset)):
            return '{' + ', '.join(sorted(_c(x, d + 1) for x in v)) + '}'
        if isinstance(v, dict):
            return '{' + ', '.join(sorted(_c(k, d + 1) + ': ' + _c(x, d + 1) for k, x in v.items())) + '}'
        if isinstance(v, _iters):
            items = []
            for x in v:
                if len(items) >= 200:
                    items.append('...')
                    break
                items.append(_c(x, d + 1))
            return '<iter>[' + ', '.join(items) + ']'
        return _re.sub(r' at 0x[0-9a-fA-F]+', ' at 0x?', repr(v))
    # the steps already spent by earlier probes of this suite (same child) are kept on the sys module
    _spent = getattr(_sys, '_execret_probe_steps', 0)
    if _spent >= __suite_steps:
        raise AssertionError('E:ProbeBudget')
    _count = [0]
    def _trace(frame, event, arg):
        _count[0] += 1
        if _count[0] > __steps:
            raise _Budget()
        return _trace
    _before = _c((__args, __kwargs), 0)
    _limit = None
    try:
        import resource as _rs
        _limit = _rs.getrlimit(_rs.RLIMIT_AS)
        with open('/proc/self/statm') as _f:
            _cap = int(_f.read().split()[0]) * _rs.getpagesize() + __memory
        if _limit[1] != _rs.RLIM_INFINITY:
            _cap = min(_cap, _limit[1])
        _rs.setrlimit(_rs.RLIMIT_AS, (_cap, _limit[1]))
    except Exception:
        _limit = None
    try:
        _sg.signal(_sg.SIGALRM, _on_alarm)
        _sg.setitimer(_sg.ITIMER_REAL, __seconds)
    except Exception:
        pass
    try:
        try:
            _sys.settrace(_trace)
            try:
                _r = __fn(*__args, **__kwargs)
            finally:
                _sys.settrace(None)
            _out = 'R:' + _c(_r, 0)
            _after = _c((__args, __kwargs), 0)
            if _after != _before:
                _out += ' A:' + _after
        finally:
            try:
                _sg.setitimer(_sg.ITIMER_REAL, 0)
            except Exception:
                pass
            if _limit is not None:
                try:
                    _rs.setrlimit(_rs.RLIMIT_AS, _limit)
                except Exception:
                    pass
    except _Budget:
        _out = 'E:ProbeBudget'
    except _Timeout:
        _out = 'E:ProbeTimeout'
    except Exception as _e:
        _out = 'E:' + type(_e).__name__
    _sys._execret_probe_steps = _spent + _count[0]
    _b = _out.encode('utf-8', 'replace')
    if len(_b) > 200:
        _out = 'H:' + _hl.sha256(_b).hexdigest()[:32] + ' ' + _out[:40]
    raise AssertionError(_out)
