import { readFileSync } from 'node:fs';
import { parse } from '@babel/parser';
import { JS_COPY_PROBE_HELPER, PYTHON_COPY_PROBE_HELPER } from '../bug-copy-files.js';
import type { ExecutionJob, Task } from '../types.js';

/** Trace events (calls, lines, returns, exceptions) one Python probe call may spend before it counts as `budget`. */
export const COPY_PROBE_STEPS = 100_000;
/**
 * Milliseconds within which the original must finish a probe call (its outcome's canonical text included) for the
 * input to be compared: the agreeing job then runs two such calls per input, far inside the oracle's timeout.
 */
export const COPY_PROBE_RUN_MS = 100;

const helpers = new Map<string, string>();
/** A shipped helper's text from its first definition on (its header comment is for readers, not for jobs). */
function helperText(path: string, firstDefinition: string): string {
  let text = helpers.get(path);
  if (text === undefined) {
    const whole = readFileSync(path, 'utf8');
    const at = whole.search(new RegExp(`^${firstDefinition}`, 'mu'));
    text = whole.slice(Math.max(0, at));
    helpers.set(path, text);
  }
  return text;
}

const withNewline = (code: string): string => (/[\r\n]$/u.test(code) ? code : `${code}\n`);

/** Whether a JavaScript/TypeScript original can be wrapped in a function (no `import`/`export`). */
function wrappable(original: string, language: 'javascript' | 'typescript'): boolean {
  try {
    const file = parse(original, {
      sourceType: 'unambiguous',
      plugins: language === 'typescript' ? ['typescript'] : [],
    });
    return file.program.sourceType === 'script';
  } catch {
    return false;
  }
}

/**
 * The job that asks, for each probe input, whether `code` (an original distractor) finishes on it: the call and the
 * canonical text of its outcome take at most {@link COPY_PROBE_RUN_MS} ms and, in Python, the call at most
 * {@link COPY_PROBE_STEPS} trace events. Each test is `pass` when it does (a call that never ends: `TIMEOUT`, for
 * it and the job's later tests). Null when the task has no probes (or a JavaScript original has `import`/`export`).
 *
 * @example
 * probeRunsJob(task, original, ['((3,), {})'])?.tests // ['assert __execret_copy_runs(lambda: ((3,), {}))']
 */
export function probeRunsJob(task: Task, code: string, probes: readonly string[]): ExecutionJob | null {
  return probeJob(task, code, null, probes);
}

/**
 * The job that asks, for each probe input, whether `copy` and `original` have the same outcome on it (the same
 * canonical return value or the same raised type, and the same arguments afterwards): every test `pass` when they
 * agree. The copy is the job's code; the original runs from its source in a namespace (Python) or function scope
 * (JavaScript) of its own. Null as {@link probeRunsJob}.
 *
 * @example
 * probeAgreeJob(task, copy, original, ['[3]'])?.tests // ['assert(__execretCopyAgree(() => [3]))']
 */
export function probeAgreeJob(
  task: Task,
  copy: string,
  original: string,
  probes: readonly string[],
): ExecutionJob | null {
  return probeJob(task, copy, original, probes);
}

function probeJob(task: Task, code: string, original: string | null, probes: readonly string[]): ExecutionJob | null {
  if (probes.length === 0) return null;
  const language = task.language ?? 'python';
  const name = task.function_name;
  if (language === 'python') {
    const source = original === null ? 'None' : JSON.stringify(original);
    const config = `__execret_copy_config = (${JSON.stringify(name)}, ${source}, ${COPY_PROBE_STEPS}, ${COPY_PROBE_RUN_MS})\n`;
    const call = original === null ? '__execret_copy_runs' : '__execret_copy_agree';
    return {
      code: `${withNewline(code)}\n\n${helperText(PYTHON_COPY_PROBE_HELPER, 'def __execret_')}\n${config}`,
      tests: probes.map((p) => `assert ${call}(lambda: ${p})`),
    };
  }
  if (!wrappable(original ?? code, language)) return null;
  const wrapped = original === null ? 'null' : `(function () {\n${withNewline(original)};\nreturn ${name};\n})()`;
  const config = `const __execretCopyConfig = { copy: ${name}, original: ${wrapped}, runMs: ${COPY_PROBE_RUN_MS} };\n`;
  const call = original === null ? '__execretCopyRuns' : '__execretCopyAgree';
  return {
    code: `${withNewline(code)};\n${helperText(JS_COPY_PROBE_HELPER, 'function __execret')}\n${config}`,
    tests: probes.map((p) => `assert(${call}(() => ${p}))`),
    language,
  };
}
