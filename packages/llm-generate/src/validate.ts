import {
  classifyResult,
  DEFAULT_MAX_DISTRACTORS,
  DEFAULT_MIN_DISTRACTORS,
  type ExecutionOracle,
  type ExecutionResult,
  type GateIssue,
  passesAllTests,
  validateTasks,
} from '@execret/generate';
import { LlmGenerateError } from './errors.js';
import type { RejectionReason } from './prompt.js';
import type { RegistryEntry } from './registry.js';
import type { GeneratedReply } from './reply-schema.js';
import { checkSingleEdit, type EditMeasure, measureEdit } from './single-edit.js';

/** `bug_type` written for free-form rewrites (the release accepts any bug-type string). */
export const FREE_FORM_BUG_TYPE = 'free_form';

/**
 * What became of one distractor (or free-form rewrite):
 * - `kept`: passed its checks and fails at least one test;
 * - `accidentally_correct`: passes every test (a locked distractor with this status rejects the entry;
 *   a free-form rewrite is dropped and counted);
 * - `invalid`: does not parse, does not define the function, equals the canonical or an earlier
 *   distractor, or (locked) is not one localized edit;
 * - `not_judged`: not executed because the canonical or the tests were rejected;
 * - `surplus`: free-form only, a test-failing rewrite beyond `maxDistractors`.
 */
export type DistractorStatus = 'kept' | 'accidentally_correct' | 'invalid' | 'not_judged' | 'surplus';

/** The verdict on one distractor. */
export interface DistractorVerdict {
  index: number;
  code: string;
  /** The reply's bug type (locked) or {@link FREE_FORM_BUG_TYPE}. */
  bugType: string;
  description: string;
  status: DistractorStatus;
  reasons: RejectionReason[];
  /** Its run against the entry's tests (null when not executed). */
  result: ExecutionResult | null;
  /** `output` (some assert fails) or `crash` (errors/timeouts only); null unless it fails a test. */
  failure: 'output' | 'crash' | null;
  /** Distance from the canonical ({@link measureEdit}). */
  measure: EditMeasure;
}

/** The verdict on one reply. */
export interface ReplyValidation {
  entryId: string;
  /** Accepted: every gate passed (locked), or the canonical and tests passed and enough rewrites fail a test (free-form). */
  ok: boolean;
  /** Why not (empty when ok); these are fed back to the model on a retry. */
  reasons: RejectionReason[];
  canonicalResult: ExecutionResult | null;
  distractors: DistractorVerdict[];
}

/** Options of {@link validateReplies}. */
export interface ValidateRepliesOptions {
  /** Runs canonicals and distractors (`createOracle()` of `@execret/oracle`, or anything with `runMany`). */
  oracle: ExecutionOracle;
  /** Python for the static (AST) gates of `@execret/generate` (default `python3`). */
  python?: string;
  /** Single-edit thresholds of the `edit` gate (defaults 3 lines, 120 characters). */
  maxEditLines?: number;
  maxEditChars?: number;
  /** Free-form: test-failing rewrites needed (default `DEFAULT_MIN_DISTRACTORS` of `@execret/generate`, 1). */
  minDistractors?: number;
  /** Free-form: test-failing rewrites kept at most (default `DEFAULT_MAX_DISTRACTORS` of `@execret/generate`, 4). */
  maxDistractors?: number;
  /** Asserts per test suite, at least, for the schema gate (default `DEFAULT_TEST_SUITE_SIZE.min` of `@execret/dataset`, 7). */
  minTests?: number;
  /** Asserts per test suite, at most (default `DEFAULT_TEST_SUITE_SIZE.max` of `@execret/dataset`, 10). */
  maxTests?: number;
  signal?: AbortSignal;
}

/** A registry entry and the model's parsed reply for it. */
export interface ReplyToValidate {
  entry: RegistryEntry;
  reply: GeneratedReply;
}

function reasonOf(issue: GateIssue, distractor?: number): RejectionReason {
  return {
    gate: issue.gate,
    code: issue.code,
    message: issue.message,
    ...(distractor !== undefined
      ? { distractor }
      : issue.distractor !== undefined
        ? { distractor: issue.distractor }
        : {}),
    ...(issue.test !== undefined ? { test: issue.test } : {}),
  };
}

function normalized(code: string): string {
  return code
    .split(/\r\n|\r|\n/u)
    .map((l) => l.replace(/[ \t]+$/u, ''))
    .join('\n')
    .replace(/\n+$/u, '');
}

async function gates(tasks: unknown[], options: ValidateRepliesOptions, withOracle: boolean) {
  try {
    return await validateTasks(tasks, {
      ...(options.python ? { python: options.python } : {}),
      ...(options.minTests !== undefined ? { minTests: options.minTests } : {}),
      ...(options.maxTests !== undefined ? { maxTests: options.maxTests } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(withOracle ? { oracle: options.oracle } : {}),
    });
  } catch (cause) {
    if (options.signal?.aborted)
      throw new LlmGenerateError('aborted', '@execret/llm-generate validate: cancelled', { cause });
    throw new LlmGenerateError(
      'validation-failed',
      `@execret/llm-generate validate: the validation gates could not run (${(cause as Error).message})`,
      { cause },
    );
  }
}

/**
 * Runs every reply through the gates of `@execret/generate` (`validateTasks` with the oracle) plus
 * this package's single-edit gate, and judges each distractor. Per reply:
 * 1. the generate gates on the task `{ id, domain, query, function_name, canonical, tests,
 *    distractors }`: schema (`minTests`–`maxTests` tests, default 7–10), ast (canonical parses and defines `function_name`; each test
 *    one single-line assert calling it; each distractor parses, defines it and differs from the
 *    canonical), execution (the canonical passes every test → else `execution/canonical_fails`; each
 *    distractor fails at least one → else `execution/distractor_passes`);
 * 2. duplicates: a distractor equal to an earlier one (ignoring trailing whitespace and line endings)
 *    → `edit/duplicate_distractor`;
 * 3. locked mode only, the `edit` gate: each distractor one localized edit of the canonical
 *    (`checkSingleEdit`, codes `no_edit`, `not_single_edit`); bug types were already restricted to the
 *    six locked types by the reply schema;
 * 4. `validateTasks` executes nothing for a task with any static issue, so a reply whose canonical
 *    and tests are fine but one distractor is not (say, a syntax error) gets a second pass with its
 *    valid distractors, and the feedback covers everything at once.
 * Cross-entry integrity (name collisions, identical snippets) is left to the final pass of
 * `generateDataset`. Locked mode accepts a reply when nothing at all was found; free-form mode when
 * the canonical and tests pass and at least `minDistractors` rewrites fail a test (invalid and
 * accidentally correct rewrites are dropped, not fed back as errors of the entry). All replies are
 * checked together: one interpreter start and one oracle batch, plus the same again when a second
 * pass is needed. Results are in input order.
 *
 * @example
 * const [v] = await validateReplies([{ entry, reply }], { oracle })
 * v.ok                                        // false
 * v.reasons[0]                                // { gate: 'execution', code: 'distractor_passes', message: 'distractor 2 passes all 8 tests; …', distractor: 1 }
 * v.distractors.map((d) => d.status)          // ['kept', 'accidentally_correct', 'kept', 'kept']
 */
export async function validateReplies(
  items: readonly ReplyToValidate[],
  options: ValidateRepliesOptions,
): Promise<ReplyValidation[]> {
  if (typeof options?.oracle?.runMany !== 'function')
    throw new TypeError(
      '@execret/llm-generate validateReplies: options.oracle must have a runMany method (createOracle() of @execret/oracle)',
    );
  if (items.length === 0) return [];
  const minDistractors = options.minDistractors ?? DEFAULT_MIN_DISTRACTORS;
  const maxDistractors = options.maxDistractors ?? DEFAULT_MAX_DISTRACTORS;
  const candidates = items.map(({ entry, reply }) => {
    const distractors =
      reply.mode === 'locked'
        ? reply.value.distractors.map((d) => ({
            code: d.code,
            bugType: d.bug_type as string,
            description: d.description,
          }))
        : reply.value.buggy_rewrites.map((d) => ({
            code: d.code,
            bugType: FREE_FORM_BUG_TYPE,
            description: d.description,
          }));
    return {
      entry,
      mode: reply.mode,
      task: {
        id: entry.id,
        domain: entry.domain,
        query: entry.query,
        function_name: entry.function_name,
        canonical: reply.value.canonical,
        tests: reply.value.tests,
      },
      distractors,
    };
  });

  // 1. the gates of @execret/generate, with execution; a task whose only static problems are invalid
  //    distractors is not executed by them, so it gets a second pass with its valid distractors only
  const first = await gates(
    candidates.map((c) => ({ ...c.task, distractors: c.distractors.map((d) => d.code) })),
    options,
    true,
  );
  const executed = new Map<number, { canonical: ExecutionResult | null; distractors: Map<number, ExecutionResult> }>();
  const second: { i: number; keep: number[] }[] = [];
  const state = candidates.map((c, i) => {
    const result = first.tasks[i]!;
    const issues = result.issues.filter((issue) => issue.gate !== 'integrity');
    const entryReasons = issues.filter((issue) => issue.distractor === undefined).map((issue) => reasonOf(issue));
    const distractorReasons: RejectionReason[][] = c.distractors.map((_, d) =>
      issues.filter((issue) => issue.distractor === d).map((issue) => reasonOf(issue)),
    );
    if (result.canonicalResult !== undefined) {
      executed.set(i, {
        canonical: result.canonicalResult,
        distractors: new Map((result.distractorResults ?? []).map((r, d) => [d, r])),
      });
    } else if (entryReasons.length === 0) {
      second.push({ i, keep: c.distractors.map((_, d) => d).filter((d) => distractorReasons[d]!.length === 0) });
    }
    // 2. duplicates
    const seen = new Map<string, number>();
    c.distractors.forEach((d, k) => {
      const key = normalized(d.code);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        distractorReasons[k]!.push({
          gate: 'edit',
          code: 'duplicate_distractor',
          message: `distractor ${k + 1} is the same code as distractor ${earlier + 1}; every distractor must be different`,
          distractor: k,
        });
      } else {
        seen.set(key, k);
      }
    });
    // 3. edit gate
    const measures = c.distractors.map((d) => measureEdit(c.task.canonical, d.code));
    if (c.mode === 'locked') {
      c.distractors.forEach((d, k) => {
        const check = checkSingleEdit(c.task.canonical, d.code, {
          ...(options.maxEditLines !== undefined ? { maxLines: options.maxEditLines } : {}),
          ...(options.maxEditChars !== undefined ? { maxChars: options.maxEditChars } : {}),
        });
        if (!check.ok && !distractorReasons[k]!.some((r) => r.code === 'distractor_identical')) {
          distractorReasons[k]!.push({
            gate: 'edit',
            code: check.code,
            message: `distractor ${k + 1} (${d.bugType}) ${check.message}`,
            distractor: k,
          });
        }
      });
    }
    return { entryReasons, distractorReasons, measures };
  });

  // 4. second pass: execution of the tasks held back by an invalid distractor
  if (second.length > 0) {
    const report = await gates(
      second.map(({ i, keep }) => ({
        ...candidates[i]!.task,
        distractors: keep.map((k) => candidates[i]!.distractors[k]!.code),
      })),
      options,
      true,
    );
    second.forEach(({ i, keep }, r) => {
      const result = report.tasks[r]!;
      const byDistractor = new Map<number, ExecutionResult>();
      (result.distractorResults ?? []).forEach((res, k) => {
        byDistractor.set(keep[k]!, res);
      });
      executed.set(i, { canonical: result.canonicalResult ?? null, distractors: byDistractor });
      for (const issue of result.issues) {
        if (issue.gate !== 'execution') continue;
        if (issue.distractor === undefined) state[i]!.entryReasons.push(reasonOf(issue));
        else state[i]!.distractorReasons[keep[issue.distractor]!]!.push(reasonOf(issue, keep[issue.distractor]!));
      }
    });
  }

  return candidates.map((c, i) => {
    const s = state[i]!;
    const run = executed.get(i);
    const judged =
      s.entryReasons.length === 0 && run !== undefined && run.canonical !== null && passesAllTests(run.canonical);
    let kept = 0;
    const distractors: DistractorVerdict[] = c.distractors.map((d, k) => {
      const reasons = s.distractorReasons[k]!;
      const result = run?.distractors.get(k) ?? null;
      const staticBad = reasons.some((r) => r.gate !== 'execution');
      let status: DistractorStatus;
      if (staticBad) status = 'invalid';
      else if (!judged || result === null) status = 'not_judged';
      else if (passesAllTests(result)) status = 'accidentally_correct';
      else status = 'kept';
      if (status === 'kept') {
        kept += 1;
        if (c.mode === 'free-form' && kept > maxDistractors) status = 'surplus';
      }
      const failure =
        result !== null && !passesAllTests(result) ? (classifyResult(result) === 'output' ? 'output' : 'crash') : null;
      return {
        index: k,
        code: d.code,
        bugType: d.bugType,
        description: d.description,
        status,
        reasons,
        result,
        failure,
        measure: s.measures[k]!,
      };
    });
    const allDistractorReasons = s.distractorReasons.flat();
    if (c.mode === 'locked') {
      const reasons = [...s.entryReasons, ...allDistractorReasons];
      return {
        entryId: c.entry.id,
        ok: reasons.length === 0,
        reasons,
        canonicalResult: run?.canonical ?? null,
        distractors,
      };
    }
    const keptCount = distractors.filter((d) => d.status === 'kept').length;
    const ok = s.entryReasons.length === 0 && judged && keptCount >= minDistractors;
    const reasons = ok
      ? []
      : [
          ...s.entryReasons,
          ...(s.entryReasons.length === 0 && judged && keptCount < minDistractors
            ? [
                {
                  gate: 'execution' as const,
                  code: 'too_few_failing_rewrites',
                  message: `${keptCount} of ${c.distractors.length} buggy rewrites fail a test; at least ${minDistractors} must fail one`,
                },
              ]
            : []),
          ...allDistractorReasons,
        ];
    return { entryId: c.entry.id, ok, reasons, canonicalResult: run?.canonical ?? null, distractors };
  });
}
