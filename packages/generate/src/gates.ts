import { DEFAULT_TEST_SUITE_SIZE } from '@execret/dataset';
import { LANGUAGES } from '@execret/formats';
import { z } from 'zod';
import { passesAllTests } from './classify.js';
import { checkJsTask } from './js-check.js';
import { type PythonOptions, runMutationScript } from './python.js';
import { typeCheckTypeScript } from './ts-type-check.js';
import type { ExecutionJob, ExecutionOracle, ExecutionResult } from './types.js';
import { runJobs } from './verify.js';

/** The validation gates, in the order they run. */
export const GATES = ['schema', 'ast', 'execution', 'integrity'] as const;
/** One of {@link GATES}. */
export type GateName = (typeof GATES)[number];

/**
 * One problem found by a gate. Codes: schema → `invalid_field` (zod's issue); ast →
 * `canonical_syntax`, `function_missing`, `test_multiline`, `test_syntax`, `test_not_assert`,
 * `test_no_call`, `distractor_syntax`, `distractor_function_missing`, `distractor_identical`;
 * execution → `canonical_fails`, `distractor_passes`; integrity → `duplicate_id`,
 * `name_collision`, `duplicate_code`.
 */
export interface GateIssue {
  gate: GateName;
  code: string;
  message: string;
  /** Position of the task in the input (0-based). */
  index: number;
  /** The task's id when it has a string one. */
  taskId: string | null;
  /** Line in the tasks file, when `options.lines` was given. */
  line?: number;
  /** 0-based test index for issues about one assert. */
  test?: number;
  /** 0-based distractor index for issues about one distractor. */
  distractor?: number;
}

/** Gate outcome of one task. */
export interface TaskGateResult {
  index: number;
  taskId: string | null;
  line?: number;
  ok: boolean;
  issues: GateIssue[];
  /** Names the canonical defines at module level (def, class, assignment; imports and dunders excluded). */
  topLevelNames: string[];
  /** The canonical's execution result (absent when an earlier gate failed or execution was off). */
  canonicalResult?: ExecutionResult;
  /** One result per given distractor (same conditions). */
  distractorResults?: ExecutionResult[];
}

/** What {@link validateTasks} returns. */
export interface GateReport {
  /** True when every task passes every gate. */
  ok: boolean;
  tasks: TaskGateResult[];
  /** Every issue of every task, in task order. */
  issues: GateIssue[];
  counts: { tasks: number; valid: number; invalid: number; issuesByGate: Record<GateName, number> };
  minTests: number;
  maxTests: number;
}

/** Options of {@link validateTasks}. */
export interface ValidateOptions extends PythonOptions {
  /** Executes canonicals and distractors (the execution gate). Omit it to run only the static gates. */
  oracle?: ExecutionOracle;
  /** Default `DEFAULT_TEST_SUITE_SIZE.min` of `@execret/dataset` (7; docs/formats.md: 7–10). */
  minTests?: number;
  /** Default `DEFAULT_TEST_SUITE_SIZE.max` of `@execret/dataset` (10). */
  maxTests?: number;
  /** Line number of each task in its file (same length as `tasks`), copied into issues. */
  lines?: readonly number[];
  onProgress?: (done: number, total: number) => void;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/u;
const JS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/u;

function taskSchema(minTests: number, maxTests: number) {
  return z
    .object({
      id: z.string().min(1, 'expected a non-empty string'),
      domain: z.string().min(1, 'expected a non-empty string'),
      query: z.string().min(1, 'expected a non-empty string'),
      function_name: z.string(),
      canonical: z.string().min(1, 'expected non-empty source'),
      tests: z
        .array(z.string().min(1, 'expected a non-empty assert'))
        .min(minTests, `expected ${minTests}–${maxTests} asserts`)
        .max(maxTests, `expected ${minTests}–${maxTests} asserts`),
      distractors: z.array(z.string().min(1)).optional(),
      language: z.enum(LANGUAGES).optional(),
    })
    .superRefine((task, ctx) => {
      const python = (task.language ?? 'python') === 'python';
      if (!(python ? IDENTIFIER : JS_IDENTIFIER).test(task.function_name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['function_name'],
          message: python ? 'expected a Python identifier' : 'expected a JavaScript identifier (ASCII)',
        });
      }
    });
}

type CheckedTask = z.infer<ReturnType<typeof taskSchema>>;

interface RawCheck {
  id: string;
  issues: { code: string; message: string; test?: number; distractor?: number }[];
  top_level_names: string[];
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'string') return `a string of ${value.length} characters`;
  return typeof value;
}

function summarizeFailures(tests: readonly string[], result: ExecutionResult): string {
  const failing = result.tests.map((outcome, i) => ({ outcome, i })).filter((t) => t.outcome !== 'pass');
  const shown = failing.slice(0, 3).map(({ outcome, i }) => {
    const test = tests[i] ?? '';
    return `test ${i + 1} \`${test.length > 60 ? `${test.slice(0, 57)}...` : test}\` → ${outcome.length > 120 ? `${outcome.slice(0, 117)}...` : outcome}`;
  });
  const more = failing.length > 3 ? `; and ${failing.length - 3} more` : '';
  const status = failing.length === 0 ? ` (suite status ${result.status})` : '';
  return `fails ${failing.length} of ${tests.length} tests${status}: ${shown.join('; ')}${more}`;
}

/**
 * Runs the validation gates over tasks (the `execret build --tasks` input, optionally with a
 * `distractors` array of code strings each) and reports every issue instead of stopping at the first:
 * 1. **schema** — `id`, `domain`, `query` non-empty strings, `function_name` a Python identifier
 *    (an ASCII JavaScript identifier for JavaScript/TypeScript tasks), `canonical` non-empty, `tests`
 *    `minTests`–`maxTests` non-empty strings, `distractors` optional strings, `language` absent
 *    (Python) or one of `LANGUAGES` of `@execret/formats`;
 * 2. **ast** — the canonical parses and defines a top-level (non-async) `def function_name`; each test
 *    is a single line holding exactly one `assert` statement whose condition calls `function_name`;
 *    each distractor parses, defines the function and differs from the canonical. JavaScript and
 *    TypeScript tasks are parsed with Babel instead (`checkJsTask`): `function function_name(…)` or
 *    `const function_name = function/arrow` at top level, and each test one `assert(…)` or
 *    `assert.<method>(…)` statement whose arguments call `function_name`; a TypeScript canonical must also
 *    type-check on its own (`typeCheckTypeScript`: strict, ES2022, the `typescript` package);
 * 3. **execution** (only with `options.oracle`, only for tasks that passed 1–2) — the canonical passes
 *    every test; each distractor fails at least one (jobs carry the task's `language`);
 * 4. **integrity** (across tasks that passed the schema) — ids are unique; no two tasks define the
 *    same top-level name (function, class or global assignment; imports and dunder names are
 *    ignored); no two snippets (canonicals and distractors) are byte-identical.
 * A task is valid when it has no issue. The input is not modified.
 *
 * @example
 * const report = await validateTasks(tasks, { oracle })
 * if (!report.ok) for (const issue of report.issues) console.error(issue.taskId, issue.gate, issue.message)
 * // e.g. 'mini_02' 'ast' 'test 3 (print(f(1))) is Expr; expected exactly one assert statement'
 */
export async function validateTasks(tasks: readonly unknown[], options: ValidateOptions = {}): Promise<GateReport> {
  const minTests = options.minTests ?? DEFAULT_TEST_SUITE_SIZE.min;
  const maxTests = options.maxTests ?? DEFAULT_TEST_SUITE_SIZE.max;
  if (!Number.isInteger(minTests) || !Number.isInteger(maxTests) || minTests < 1 || maxTests < minTests) {
    throw new RangeError(
      `@execret/generate validateTasks: expected integers 1 ≤ minTests ≤ maxTests, received ${minTests} and ${maxTests}`,
    );
  }
  if (options.lines && options.lines.length !== tasks.length) {
    throw new RangeError(
      `@execret/generate validateTasks: options.lines has ${options.lines.length} entries for ${tasks.length} tasks`,
    );
  }
  const schema = taskSchema(minTests, maxTests);
  const results: TaskGateResult[] = tasks.map((value, index) => {
    const id = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).id : undefined;
    const line = options.lines?.[index];
    return {
      index,
      taskId: typeof id === 'string' ? id : null,
      ...(line !== undefined ? { line } : {}),
      ok: true,
      issues: [],
      topLevelNames: [],
    };
  });
  const add = (index: number, gate: GateName, code: string, message: string, extra: Partial<GateIssue> = {}): void => {
    const r = results[index]!;
    r.issues.push({
      gate,
      code,
      message,
      index,
      taskId: r.taskId,
      ...(r.line !== undefined ? { line: r.line } : {}),
      ...extra,
    });
  };

  // 1. schema
  const parsed: (CheckedTask | null)[] = tasks.map((value, index) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      add(index, 'schema', 'invalid_field', `expected a JSON object, received ${describeValue(value)}`);
      return null;
    }
    const out = schema.safeParse(value);
    if (out.success) return out.data;
    for (const issue of out.error.issues) {
      const field = issue.path.length ? issue.path.map(String).join('.') : '(task)';
      const received = describeValue(
        issue.path.reduce<unknown>(
          (v, k) => (v as Record<PropertyKey, unknown> | undefined)?.[k as PropertyKey],
          value,
        ),
      );
      add(index, 'schema', 'invalid_field', `field "${field}": ${issue.message}, received ${received}`);
    }
    return null;
  });

  // 2. ast: Python tasks through the mutation script (one call), JavaScript/TypeScript ones with Babel
  const schemaOk = parsed.map((t, i) => ({ t, i })).filter((x): x is { t: CheckedTask; i: number } => x.t !== null);
  for (const { t, i } of schemaOk) {
    if (t.language === undefined || t.language === 'python') continue;
    const check = checkJsTask(t, t.language);
    results[i]!.topLevelNames = check.topLevelNames;
    for (const issue of check.issues) {
      add(i, 'ast', issue.code, issue.message, {
        ...(issue.test !== undefined ? { test: issue.test } : {}),
        ...(issue.distractor !== undefined ? { distractor: issue.distractor } : {}),
      });
    }
    // The runner strips types without checking them: a TypeScript canonical must type-check on its own.
    if (t.language === 'typescript' && check.issues.length === 0) {
      for (const diagnostic of await typeCheckTypeScript(t.canonical)) {
        add(i, 'ast', 'canonical_type_error', `canonical does not type-check: ${diagnostic}`);
      }
    }
  }
  const pythonOk = schemaOk.filter(({ t }) => t.language === undefined || t.language === 'python');
  if (pythonOk.length > 0) {
    const response = await runMutationScript<{ results: RawCheck[] }>(
      {
        command: 'check',
        tasks: pythonOk.map(({ t }) => ({
          id: t.id,
          canonical: t.canonical,
          function_name: t.function_name,
          tests: t.tests,
          distractors: t.distractors ?? [],
        })),
      },
      options,
    );
    response.results.forEach((raw, k) => {
      const { i } = pythonOk[k]!;
      results[i]!.topLevelNames = raw.top_level_names;
      for (const issue of raw.issues) {
        add(i, 'ast', issue.code, issue.message, {
          ...(issue.test !== undefined ? { test: issue.test } : {}),
          ...(issue.distractor !== undefined ? { distractor: issue.distractor } : {}),
        });
      }
    });
  }

  // 3. execution
  if (options.oracle) {
    const runnable = schemaOk.filter(({ i }) => results[i]!.issues.length === 0);
    const jobs: ExecutionJob[] = [];
    for (const { t } of runnable) {
      const language = t.language !== undefined ? { language: t.language } : {};
      jobs.push({ code: t.canonical, tests: t.tests, ...language });
      for (const d of t.distractors ?? []) jobs.push({ code: d, tests: t.tests, ...language });
    }
    const executed = await runJobs(options.oracle, jobs, options.onProgress);
    let at = 0;
    for (const { t, i } of runnable) {
      const canonical = executed[at++]!;
      results[i]!.canonicalResult = canonical;
      if (!passesAllTests(canonical))
        add(i, 'execution', 'canonical_fails', `canonical ${summarizeFailures(t.tests, canonical)}`);
      const distractorResults: ExecutionResult[] = [];
      (t.distractors ?? []).forEach((_, d) => {
        const result = executed[at++]!;
        distractorResults.push(result);
        if (passesAllTests(result)) {
          add(
            i,
            'execution',
            'distractor_passes',
            `distractor ${d + 1} passes all ${t.tests.length} tests; a distractor must fail at least one`,
            { distractor: d },
          );
        }
      });
      if (t.distractors) results[i]!.distractorResults = distractorResults;
    }
  }

  // 4. integrity
  const where = (i: number): string => {
    const r = results[i]!;
    return r.line !== undefined
      ? `task ${JSON.stringify(r.taskId)} (line ${r.line})`
      : `task ${JSON.stringify(r.taskId)} (index ${i})`;
  };
  const byId = new Map<string, number[]>();
  for (const { t, i } of schemaOk) byId.set(t.id, [...(byId.get(t.id) ?? []), i]);
  for (const [id, indexes] of byId) {
    if (indexes.length < 2) continue;
    for (const i of indexes) {
      const others = indexes
        .filter((j) => j !== i)
        .map(where)
        .join(', ');
      add(i, 'integrity', 'duplicate_id', `id ${JSON.stringify(id)} is also used by ${others}; ids must be unique`);
    }
  }
  const byName = new Map<string, number[]>();
  for (const { i } of schemaOk) {
    for (const name of results[i]!.topLevelNames) byName.set(name, [...(byName.get(name) ?? []), i]);
  }
  for (const [name, indexes] of byName) {
    if (indexes.length < 2) continue;
    for (const i of indexes) {
      const others = indexes
        .filter((j) => j !== i)
        .map(where)
        .join(', ');
      add(
        i,
        'integrity',
        'name_collision',
        `top-level name ${JSON.stringify(name)} is also defined by ${others}; snippets of different tasks must not define the same top-level name`,
      );
    }
  }
  const byCode = new Map<string, { i: number; what: string }[]>();
  for (const { t, i } of schemaOk) {
    const snippets = [
      { code: t.canonical, what: 'canonical' },
      ...(t.distractors ?? []).map((code, d) => ({ code, what: `distractor ${d + 1}` })),
    ];
    for (const s of snippets) byCode.set(s.code, [...(byCode.get(s.code) ?? []), { i, what: s.what }]);
  }
  for (const owners of byCode.values()) {
    if (owners.length < 2) continue;
    const tasksInvolved = new Set(owners.map((o) => o.i));
    if (tasksInvolved.size < 2) continue; // identical snippets within one task are reported by the ast gate
    for (const o of owners) {
      const others = owners
        .filter((x) => x.i !== o.i)
        .map((x) => `${x.what} of ${where(x.i)}`)
        .join(', ');
      add(o.i, 'integrity', 'duplicate_code', `${o.what} is byte-identical to ${others}`);
    }
  }

  const issues: GateIssue[] = [];
  const issuesByGate: Record<GateName, number> = { schema: 0, ast: 0, execution: 0, integrity: 0 };
  for (const r of results) {
    r.ok = r.issues.length === 0;
    for (const issue of r.issues) {
      issues.push(issue);
      issuesByGate[issue.gate] += 1;
    }
  }
  const valid = results.filter((r) => r.ok).length;
  return {
    ok: valid === results.length,
    tasks: results,
    issues,
    counts: { tasks: results.length, valid, invalid: results.length - valid, issuesByGate },
    minTests,
    maxTests,
  };
}

/**
 * Formats a gate report as text, one line per issue:
 * `<task id> (line N | index I) [<gate>/<code>] <message>`, then a summary line.
 *
 * @example
 * formatGateReport(report)
 * // 'task "t2" (index 1) [ast/test_not_assert] test 3 (print(f(1))) is Expr; expected exactly one assert statement\n
 * //  1 of 2 tasks invalid (schema 0, ast 1, execution 0, integrity 0)'
 */
export function formatGateReport(report: GateReport): string {
  const lines = report.issues.map((issue) => {
    const at = issue.line !== undefined ? `line ${issue.line}` : `index ${issue.index}`;
    return `task ${JSON.stringify(issue.taskId)} (${at}) [${issue.gate}/${issue.code}] ${issue.message}`;
  });
  const byGate = GATES.map((g) => `${g} ${report.counts.issuesByGate[g]}`).join(', ');
  lines.push(`${report.counts.invalid} of ${report.counts.tasks} tasks invalid (${byGate})`);
  return lines.join('\n');
}
