import type { ProbeBudget } from '../probe-budget.js';
import type { ProbeCall } from '../probe-call.js';
import { formatPythonValue } from './format-value.js';

/**
 * The probe helper appended to a candidate's code (see {@link pythonProbeCode}). Kept as one constant so its
 * text, and so every probe job's hash, changes only on purpose (bump `PROBE_TEST_VERSION` with it).
 */
const HELPER = `

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
`;

/**
 * The code probes run against: the candidate's source, unchanged, followed by the definition of
 * `__execret_probe` (a helper that calls the function on one input and *reports* what happened, see
 * {@link pythonProbeTest}). The helper is defined after the candidate, so the candidate's own definitions and
 * imports are exactly those it has in the benchmark.
 *
 * @example
 * pythonProbeCode('def add(a, b):\n    return a + b\n'); // 'def add(a, b):\n    return a + b\n\n\ndef __execret_probe(…'
 */
export function pythonProbeCode(code: string): string {
  return (code.endsWith('\n') ? code : `${code}\n`) + HELPER;
}

/**
 * A one-line Python test that calls `functionName` on one generated input through the helper of
 * {@link pythonProbeCode}, so an ordinary oracle run records the output as the test's outcome. It always
 * fails, with the outcome
 * - `FAIL: R:<value>`: the call returned `<value>`, written canonically: sets sorted, dict items sorted, floats
 *   rounded to 12 significant digits (`-0.0` read as `0.0`), containers cut at 200 elements and depth 8,
 *   strings and bytes over 10,000 characters as `<str len=N ends=<hash of the first and last 5,000>>`,
 *   iterators and generators listed (first 200 items), memory addresses (` at 0x…`) replaced by ` at 0x?`;
 *   ` A:<args>` is appended when the call changed its arguments (in-place mutation);
 * - `FAIL: E:<ExceptionType>`: the call raised;
 * - `FAIL: E:ProbeBudget`: the call ran more than `steps` trace events (calls, lines, returns and exceptions of
 *   Python frames, counted by `sys.settrace`), or the suite's earlier probes had together spent `suiteSteps`:
 *   a deterministic bound on slow or endless calls, the same on a loaded and an idle machine;
 * - `FAIL: E:MemoryError`: the call (or writing its result) needed more than `memoryBytes` of address space beyond
 *   what the child already used (`RLIMIT_AS` lowered for the call and restored after it): big allocations fail
 *   at once instead of running into the clock;
 * - `FAIL: E:ProbeTimeout`: the call ran past `timeoutMs` of wall-clock time (a `SIGALRM` interval timer in the
 *   sandboxed child), the safety net for work done in C that trace events do not see;
 * - `FAIL: H:<32 hex digits of SHA-256> <first 40 characters>`: the report above was longer than 200 UTF-8 bytes
 *   (so it stays under the oracle's 300-byte message cut);
 * - anything else (`ERROR:…`, `TIMEOUT`) when the candidate escaped the probe (e.g. `SystemExit`) or does not
 *   define `functionName` (`ERROR:NameError: …`).
 *
 * The test is a statement, not an assert, so the oracle judges it in the child (`child`) under every judging
 * mode; it never holds a benchmark test and is the same text for every candidate of the same function name.
 *
 * @example
 * pythonProbeTest('add', { positional: [{ kind: 'int', value: 1 }, { kind: 'int', value: 2 }], keyword: [] },
 *   { timeoutMs: 1000, steps: 20_000, suiteSteps: 500_000, memoryBytes: 64 * 2 ** 20 });
 * // '__execret_probe(add, [1, 2], {}, 1, 20000, 500000, 67108864)'
 * // run against pythonProbeCode('def add(a, b):\n    return a + b\n') → outcome 'FAIL: R:3'
 */
export function pythonProbeTest(functionName: string, call: ProbeCall, budget: ProbeBudget): string {
  const { timeoutMs, steps, suiteSteps, memoryBytes } = budget;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new RangeError(`@execret/exec-rerank pythonProbeTest: timeoutMs must be > 0, received ${timeoutMs}`);
  for (const [name, v] of [
    ['steps', steps],
    ['suiteSteps', suiteSteps],
    ['memoryBytes', memoryBytes],
  ] as const)
    if (!Number.isSafeInteger(v) || v < 1)
      throw new RangeError(`@execret/exec-rerank pythonProbeTest: ${name} must be an integer >= 1, received ${v}`);
  const args = call.positional.map(formatPythonValue).join(', ');
  const kwargs = call.keyword.map(([k, v]) => `${JSON.stringify(k)}: ${formatPythonValue(v)}`).join(', ');
  return `__execret_probe(${functionName}, [${args}], {${kwargs}}, ${timeoutMs / 1000}, ${steps}, ${suiteSteps}, ${memoryBytes})`;
}

/**
 * The call a probe makes, as Python source (for audits and for the LLM probe's questions).
 *
 * @example
 * formatPythonCall('wrap', { positional: [{ kind: 'str', value: 'a b' }], keyword: [['width', { kind: 'int', value: 3 }]] });
 * // 'wrap("a b", width=3)'
 */
export function formatPythonCall(functionName: string, call: ProbeCall): string {
  const parts = [
    ...call.positional.map(formatPythonValue),
    ...call.keyword.map(([k, v]) => `${k}=${formatPythonValue(v)}`),
  ];
  return `${functionName}(${parts.join(', ')})`;
}
