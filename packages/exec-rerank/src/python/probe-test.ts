import { readFileSync } from 'node:fs';
import type { ProbeBudget } from '../probe-budget.js';
import type { ProbeCall } from '../probe-call.js';
import { PROBE_HELPER_FILE } from '../python-files.js';
import { formatPythonValue } from './format-value.js';

/** The first line of the helper's definition in `python/probe_helper.py`. */
const HELPER_DEF = 'def __execret_probe(';

let helper: string | undefined;

/**
 * The probe helper appended to a candidate's code (see {@link pythonProbeCode}): two blank lines, then
 * `python/probe_helper.py` from its `def` line on (the file's header comment stays out), read once. Its text, and so
 * every probe job's hash, changes only on purpose (bump `PROBE_TEST_VERSION` with it).
 */
function probeHelper(): string {
  if (helper === undefined) {
    const file = readFileSync(PROBE_HELPER_FILE, 'utf8');
    const at = file.indexOf(`\n${HELPER_DEF}`);
    if (at < 0)
      throw new Error(
        `@execret/exec-rerank pythonProbeCode: no line starting with ${HELPER_DEF} in ${PROBE_HELPER_FILE}`,
      );
    helper = `\n\n${file.slice(at + 1)}`;
  }
  return helper;
}

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
  return (code.endsWith('\n') ? code : `${code}\n`) + probeHelper();
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
