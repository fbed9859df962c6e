import type { ProbeCall } from '../probe-call.js';
import { formatPythonValue } from './format-value.js';

/**
 * The body of every Python probe (see {@link pythonProbeTest}); `__FN__`, `__ARGS__`, `__KWARGS__` and
 * `__SECONDS__` are filled in. Kept as one constant so its text, and so every probe's hash, changes only on purpose.
 */
const TEMPLATE = `def __execret_probe():
    import hashlib as _hl, re as _re, signal as _sg, types as _ty
    class _Timeout(BaseException):
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
    _args = [__ARGS__]
    _kwargs = {__KWARGS__}
    _before = _c((_args, _kwargs), 0)
    try:
        _sg.signal(_sg.SIGALRM, _on_alarm)
        _sg.setitimer(_sg.ITIMER_REAL, __SECONDS__)
    except Exception:
        pass
    try:
        try:
            _out = 'R:' + _c(__FN__(*_args, **_kwargs), 0)
            _after = _c((_args, _kwargs), 0)
            if _after != _before:
                _out += ' A:' + _after
        finally:
            try:
                _sg.setitimer(_sg.ITIMER_REAL, 0)
            except Exception:
                pass
    except _Timeout:
        _out = 'E:ProbeTimeout'
    except Exception as _e:
        _out = 'E:' + type(_e).__name__
    _b = _out.encode('utf-8', 'replace')
    if len(_b) > 200:
        _out = 'H:' + _hl.sha256(_b).hexdigest()[:32] + ' ' + _out[:40]
    raise AssertionError(_out)
__execret_probe()
`;

/**
 * A Python test that calls `functionName` on one generated input and *reports* what happened as its outcome,
 * so an ordinary oracle run records the output. It always fails, with the outcome
 * - `FAIL: R:<value>`: the call returned `<value>`, written canonically: sets sorted, dict items sorted, floats
 *   rounded to 12 significant digits (`-0.0` read as `0.0`), containers cut at 200 elements and depth 8,
 *   iterators and generators listed (first 200 items), memory addresses (` at 0x…`) replaced by ` at 0x?`;
 *   ` A:<args>` is appended when the call changed its arguments (in-place mutation);
 * - `FAIL: E:<ExceptionType>`: the call raised (`E:ProbeTimeout` when it ran past `timeoutMs`, measured by a
 *   `SIGALRM` interval timer inside the sandboxed child);
 * - `FAIL: H:<32 hex digits of SHA-256> <first 40 characters>`: the report above was longer than 200 UTF-8 bytes
 *   (so it stays under the oracle's 300-byte message cut);
 * - anything else (`ERROR:…`, `TIMEOUT`) when the candidate escaped the probe (e.g. `SystemExit`).
 *
 * The test is a small program (it is judged `child` by the oracle), never sees a benchmark test, and is the
 * same text for every candidate of the same function name.
 *
 * @example
 * pythonProbeTest('add', { positional: [{ kind: 'int', value: 1 }, { kind: 'int', value: 2 }], keyword: [] }, 250);
 * // 'def __execret_probe():\n    import hashlib …\n    _args = [1, 2]\n …\n__execret_probe()\n'
 * // run against 'def add(a, b):\n    return a + b\n' → outcome 'FAIL: R:3'
 */
export function pythonProbeTest(functionName: string, call: ProbeCall, timeoutMs: number): string {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new RangeError(`@execret/exec-rerank pythonProbeTest: timeoutMs must be > 0, received ${timeoutMs}`);
  const args = call.positional.map(formatPythonValue).join(', ');
  const kwargs = call.keyword.map(([k, v]) => `${JSON.stringify(k)}: ${formatPythonValue(v)}`).join(', ');
  // Function replacements: a `$` in a generated string must not be read as a replacement pattern.
  return TEMPLATE.replace('__ARGS__', () => args)
    .replace('__KWARGS__', () => kwargs)
    .replace('__SECONDS__', () => String(timeoutMs / 1000))
    .replace('__FN__', () => functionName);
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
