import { BUG_TYPES, type BugType } from '@execret/formats';
import { GenerateError } from './errors.js';
import { type PythonOptions, runMutationScript } from './python.js';
import type { CandidateStatus, MutantCandidate, Task } from './types.js';

interface RawCandidate {
  index: number;
  bug_type: string;
  operator: string;
  line: number;
  col_start: number;
  end_line: number;
  col_end: number;
  before: string;
  after: string;
  code: string;
  status: CandidateStatus;
  reason: string | null;
}

type RawResult = { id: string; ok: true; candidates: RawCandidate[] } | { id: string; ok: false; error: string };

/** Candidates of one task, or why none could be enumerated (the canonical does not parse). */
export type TaskMutants =
  | { taskId: string; status: 'ok'; candidates: MutantCandidate[] }
  | { taskId: string; status: 'error'; error: string };

/** Options of {@link enumerateMutants}. */
export type EnumerateOptions = PythonOptions;

function toCandidate(raw: RawCandidate): MutantCandidate {
  if (!(BUG_TYPES as readonly string[]).includes(raw.bug_type)) {
    throw new GenerateError(
      'python-failed',
      `@execret/generate enumerateMutants: unknown bug type ${raw.bug_type} from the mutation script; expected one of ${BUG_TYPES.join(', ')}`,
    );
  }
  return {
    index: raw.index,
    bugType: raw.bug_type as BugType,
    operator: raw.operator,
    edit: {
      line: raw.line,
      colStart: raw.col_start,
      endLine: raw.end_line,
      colEnd: raw.col_end,
      before: raw.before,
      after: raw.after,
    },
    code: raw.code,
    status: raw.status,
    reason: raw.reason,
  };
}

/**
 * Enumerates every single-edit mutant of each task's canonical with the shipped Python mutation
 * script (one interpreter start for all tasks). Each candidate carries its bug type, operator, exact
 * edit ({@link Edit}) and status: only `ok` candidates are new, valid, not trivially equivalent and
 * not duplicates. Candidates come sorted by edit position, then bug type, operator and replacement,
 * so the output is a pure function of the input text.
 *
 * Operators (bug type → operator: what it does):
 * - off_by_one → `int_literal`: an int literal operand of arithmetic, an augmented assignment, an
 *   index or a plain assignment ±1; `index_shift`: `x[i]` → `x[i ± 1]`, `x[i ± 1]` → `x[i]`.
 * - off_by_one_boundary → `range_bound`, `slice_bound`, `compare_bound`: a `range()` argument, a slice
 *   bound or an operand of `<`/`<=`/`>`/`>=`: literal ±1, `X ± 1` → `X`, name/call/attribute/subscript
 *   `E` → `E ± 1`; `len_offset`: `len(x) ± 1` → `len(x)` and `n = len(x)` → `n = len(x) - 1`.
 * - wrong_operator → `binary_operator` (`+`↔`-`, `*`→`//`, `//`→`/`,`*`, `/`→`//`,`*`, `%`→`//`, `**`→`*`,
 *   `&`↔`|`, `^`→`|`, `<<`↔`>>`), `augmented_assignment` (same table on `+=` …), `boolean_operator`
 *   (`and`↔`or`, one token at a time).
 * - wrong_comparison → `comparison` / `chained_comparison` (one link at a time): `<`↔`<=`, `>`↔`>=`,
 *   `==`↔`!=`, `in`↔`not in`, `is`↔`is not`.
 * - swap_arguments → `swap_positional`: swap two adjacent positional arguments of a call when they
 *   differ; callees in the commutative list (`max`, `min`, `gcd`, …) give `swap_commutative`
 *   candidates marked `equivalent`. Operands of binary operators are never swapped.
 * - remove_edge_case_check → `remove_guard`: delete an `if` with no `else` whose body is one `return`,
 *   `raise`, `continue` or `break` (whole lines; an emptied block gets `pass`), or such a final `elif`.
 * Decorators, signatures (defaults, annotations), class bases, imports and docstrings are never mutated.
 *
 * @example
 * const [m] = await enumerateMutants([{ id: 't', canonical: 'def f(a, b):\n    return a < b\n' }])
 * // m.status === 'ok'; one candidate is
 * // { bugType: 'wrong_comparison', operator: 'comparison',
 * //   edit: { line: 2, colStart: 13, endLine: 2, colEnd: 14, before: '<', after: '<=' }, status: 'ok', … }
 */
export async function enumerateMutants(
  tasks: readonly Pick<Task, 'id' | 'canonical'>[],
  options: EnumerateOptions = {},
): Promise<TaskMutants[]> {
  const response = await runMutationScript<{ results: RawResult[] }>(
    { command: 'mutate', tasks: tasks.map((t) => ({ id: t.id, canonical: t.canonical })) },
    options,
  );
  if (!Array.isArray(response.results) || response.results.length !== tasks.length) {
    throw new GenerateError(
      'python-failed',
      `@execret/generate enumerateMutants: expected ${tasks.length} results from the mutation script, received ${String(response.results?.length)}`,
    );
  }
  return response.results.map((raw, i) =>
    raw.ok
      ? { taskId: tasks[i]!.id, status: 'ok' as const, candidates: raw.candidates.map(toCandidate) }
      : { taskId: tasks[i]!.id, status: 'error' as const, error: raw.error },
  );
}
