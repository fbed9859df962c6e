import { compareCodePoints } from '@execret/formats';
import { AnalysesError } from './analyses-error.js';

/** A query of one language's benchmark with the id of the source task it was built from. */
export interface LanguageTask {
  /** The query's id in its own release (`q_0001`). */
  readonly queryId: string;
  /** The source task's id (`mini_bit_manipulation_01`, `minijs_bit_manipulation_01`). */
  readonly taskId: string;
}

/** One task present in both languages: the shared key and each side's query id. */
export interface TaskPair {
  /** {@link crossLanguageTaskKey} of both task ids. */
  readonly key: string;
  readonly a: LanguageTask;
  readonly b: LanguageTask;
}

/** Options of {@link pairTasksAcrossLanguages}. */
export interface PairTasksOptions {
  /** Maps a task id to the key shared by its versions in other languages (default {@link crossLanguageTaskKey}). */
  readonly key?: (taskId: string) => string;
  /**
   * What to do with a task that has no partner in the other language: `'error'` (default) throws, `'skip'` leaves
   * it out and lists it in `unpairedA` / `unpairedB`.
   */
  readonly unpaired?: 'error' | 'skip';
}

/** Result of {@link pairTasksAcrossLanguages}. */
export interface TaskPairing {
  /** Paired tasks in code-point order of their key. */
  readonly pairs: readonly TaskPair[];
  /** Task ids of side A without a partner (empty unless `unpaired: 'skip'`), in code-point order. */
  readonly unpairedA: readonly string[];
  /** Task ids of side B without a partner, likewise. */
  readonly unpairedB: readonly string[];
}

/**
 * The cross-language key of a task id: the id without its first `_`-separated segment, the set's prefix. Task ids
 * are `<set>_<domain>_<NN>`, so the Python mini set's `mini_<domain>_NN` and its JavaScript twin's
 * `minijs_<domain>_NN` share the key `<domain>_NN`. The prefix must be non-empty letters and digits.
 *
 * @throws AnalysesError `missing-queries` when the id has no `<set>_` prefix (it cannot be paired).
 * @example
 * crossLanguageTaskKey('mini_bit_manipulation_01');   // 'bit_manipulation_01'
 * crossLanguageTaskKey('minijs_bit_manipulation_01'); // 'bit_manipulation_01'
 * crossLanguageTaskKey('bitcount');                   // throws AnalysesError
 */
export function crossLanguageTaskKey(taskId: string): string {
  const match = /^[A-Za-z0-9]+_(.+)$/.exec(taskId);
  if (match === null) {
    throw new AnalysesError(
      'missing-queries',
      `@execret/analyses crossLanguageTaskKey: expected a task id <set>_<rest> such as mini_bit_manipulation_01 or minijs_bit_manipulation_01, received ${JSON.stringify(taskId)}; it cannot be paired across languages`,
      { details: { taskId } },
    );
  }
  return match[1]!;
}

/**
 * Pairs the queries of two languages' benchmarks by task: two queries pair when their task ids have the same key
 * (`options.key`, default {@link crossLanguageTaskKey}). Each key must occur at most once per side. A task present
 * on one side only is an error unless `options.unpaired` is `'skip'`.
 *
 * @throws AnalysesError `missing-queries` when a key occurs twice on one side, or (with `unpaired: 'error'`) when a
 *   task has no partner; the message names the side, the task id and how many are unpaired.
 * @example
 * pairTasksAcrossLanguages(
 *   [{ queryId: 'q_0001', taskId: 'mini_geometry_01' }, { queryId: 'q_0002', taskId: 'mini_geometry_02' }],
 *   [{ queryId: 'q_0002', taskId: 'minijs_geometry_02' }, { queryId: 'q_0001', taskId: 'minijs_geometry_01' }],
 * ).pairs.map((p) => [p.key, p.a.queryId, p.b.queryId]);
 * // [['geometry_01', 'q_0001', 'q_0001'], ['geometry_02', 'q_0002', 'q_0002']]
 */
export function pairTasksAcrossLanguages(
  a: readonly LanguageTask[],
  b: readonly LanguageTask[],
  options: PairTasksOptions = {},
): TaskPairing {
  const key = options.key ?? crossLanguageTaskKey;
  const unpaired = options.unpaired ?? 'error';
  if (unpaired !== 'error' && unpaired !== 'skip') {
    throw new RangeError(
      `@execret/analyses pairTasksAcrossLanguages: expected options.unpaired 'error' or 'skip', received ${JSON.stringify(unpaired)}`,
    );
  }
  const index = (tasks: readonly LanguageTask[], side: 'A' | 'B'): Map<string, LanguageTask> => {
    const byKey = new Map<string, LanguageTask>();
    for (const task of tasks) {
      const k = key(task.taskId);
      const other = byKey.get(k);
      if (other !== undefined) {
        throw new AnalysesError(
          'missing-queries',
          `@execret/analyses pairTasksAcrossLanguages: expected each task once per language, but side ${side} has two tasks with key ${JSON.stringify(k)}: ${other.taskId} (${other.queryId}) and ${task.taskId} (${task.queryId})`,
          { details: { side, key: k, taskId: task.taskId, queryId: task.queryId } },
        );
      }
      byKey.set(k, task);
    }
    return byKey;
  };
  const byKeyA = index(a, 'A');
  const byKeyB = index(b, 'B');
  const pairs: TaskPair[] = [];
  const unpairedA: string[] = [];
  const unpairedB: string[] = [];
  for (const [k, task] of byKeyA) {
    const partner = byKeyB.get(k);
    if (partner === undefined) unpairedA.push(task.taskId);
    else pairs.push({ key: k, a: task, b: partner });
  }
  for (const [k, task] of byKeyB) if (!byKeyA.has(k)) unpairedB.push(task.taskId);
  unpairedA.sort(compareCodePoints);
  unpairedB.sort(compareCodePoints);
  if (unpaired === 'error' && unpairedA.length + unpairedB.length > 0) {
    const side = unpairedA.length > 0 ? 'A' : 'B';
    const first = unpairedA[0] ?? unpairedB[0]!;
    throw new AnalysesError(
      'missing-queries',
      `@execret/analyses pairTasksAcrossLanguages: every task must exist in both languages, but ${unpairedA.length} task(s) of side A and ${unpairedB.length} of side B have no partner (first: ${first} of side ${side}, key ${JSON.stringify(key(first))}); pass unpaired: 'skip' to compare the paired tasks only`,
      { details: { side, taskId: first, unpairedA: unpairedA.length, unpairedB: unpairedB.length } },
    );
  }
  pairs.sort((x, y) => compareCodePoints(x.key, y.key));
  return { pairs, unpairedA, unpairedB };
}
