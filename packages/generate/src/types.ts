import type { BugType, Language } from '@execret/formats';
import type { JsMutantEdit } from '@execret/mutate-js';

/**
 * One task of the `execret build --tasks tasks.jsonl` input (docs/formats.md): a function, its
 * natural-language query and 7–10 single-line assert tests. `language` is `'python'` when absent;
 * JavaScript and TypeScript tasks have `node:assert/strict` assertion statements as tests
 * (`assert.strictEqual(f(1), 2)`).
 */
export interface Task {
  id: string;
  domain: string;
  query: string;
  function_name: string;
  canonical: string;
  tests: string[];
  language?: Language;
}

/**
 * One text edit (`@execret/mutate-js`' `JsMutantEdit`, the one declaration). Lines are 1-based; columns are 0-based
 * and counted in Unicode code points (Python `str` indices, *not* UTF-16 units or UTF-8 bytes). The range
 * `[line:colStart, endLine:colEnd)` is half-open; `colEnd` may equal the length of its line including the line
 * terminator, in which case the terminator is replaced too (whole-line deletions). `before` is exactly the replaced
 * text and `after` its replacement.
 */
export type Edit = JsMutantEdit;

/**
 * What the mutation engine decided about a candidate before execution:
 * - `ok`: a new, valid mutant;
 * - `equivalent`: trivially equivalent to the canonical (identical normalised bytecode, identical
 *   AST, or a swap of the arguments of a commutative callee such as `max`);
 * - `duplicate`: same code as an earlier candidate of the same task;
 * - `unverified`: the text splice did not re-parse to the intended AST (never used).
 */
export type CandidateStatus = 'ok' | 'equivalent' | 'duplicate' | 'unverified';

/** A single-edit mutant of a canonical, as enumerated (not yet executed). */
export interface MutantCandidate {
  /** Position in the task's candidate list (sorted by span, then bug type, operator, replacement). */
  index: number;
  bugType: BugType;
  /** The operator that produced it, e.g. `binary_operator`, `range_bound`, `remove_guard`. */
  operator: string;
  edit: Edit;
  /** The canonical with the edit applied. */
  code: string;
  status: CandidateStatus;
  /** Why a candidate is not `ok` (null when it is). */
  reason: string | null;
}

/** A suite outcome as returned by `@execret/oracle` (`oracle.run`). */
export interface ExecutionResult {
  status: 'pass' | 'fail' | 'error' | 'timeout';
  /** One outcome per assert: `pass`, `FAIL`, `FAIL: <msg>`, `ERROR:<Type>: <msg>`, `TIMEOUT`. */
  tests: string[];
  durationMs?: number;
  isolation?: string;
  /** Line events executed, when the job had a `workLimit`. */
  work?: number;
  /** The job spent its `workLimit` (its unfinished tests are `TIMEOUT`). */
  workLimited?: boolean;
}

/**
 * A job for the oracle: a snippet, the asserts to run against it and their language (absent: Python;
 * `@execret/oracle` runs JavaScript and TypeScript jobs through its JavaScript runner).
 */
export interface ExecutionJob {
  code: string;
  tests: readonly string[];
  language?: Language;
  /**
   * A budget shorter than the oracle's timeout (`OracleJob.timeoutMs` of `@execret/oracle`): a `TIMEOUT` under
   * it says only that the job needs longer. Absent: the oracle's timeout (the release's rule).
   */
  timeoutMs?: number;
  /** Python: the most line events the job may execute (`OracleJob.workLimit`); a `TIMEOUT` from it says so. */
  workLimit?: number;
}

/**
 * The part of `@execret/oracle`'s `Oracle` that generation uses: `runMany`, results in input order,
 * `onProgress` called with an object holding at least `done` and `total`. The real oracle
 * (`createOracle()`) has this shape; so can a test double.
 */
export interface ExecutionOracle {
  /** The oracle's timeout per job (`oracle.info.timeoutMs`); without it a build gives no job a shorter budget. */
  readonly info?: { readonly timeoutMs: number };
  runMany(
    jobs: readonly ExecutionJob[],
    options?: { onProgress?: (progress: { done: number; total: number }) => void },
  ): Promise<readonly ExecutionResult[]>;
}

/**
 * How a mutant behaves under its task's tests: `survived` (passes every assert), `output` (at least
 * one assert fails with `FAIL`: a wrong answer), `crash` (no `FAIL`, but at least one `ERROR`/`TIMEOUT`
 * or a non-pass suite status).
 */
export type FailureKind = 'survived' | 'output' | 'crash';

/** A candidate after execution. */
export interface ExecutedMutant extends MutantCandidate {
  result: ExecutionResult;
  failure: FailureKind;
}
