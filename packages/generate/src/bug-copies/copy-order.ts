import { createPrng, shuffled } from '../prng.js';
import { taskSeed } from '../select.js';
import type { ExecutionResult } from '../types.js';

/** What the copy order reads of a chosen distractor. */
export interface CopyableDistractor {
  result: ExecutionResult;
  failure: 'output' | 'crash';
}

/** How much a distractor is preferred as the one copied: 0 (best) to 3. */
function copyRank(d: CopyableDistractor): number {
  return (d.failure === 'output' ? 0 : 2) + (d.result.tests.includes('TIMEOUT') ? 1 : 0);
}

/**
 * The order in which a task's chosen distractors are tried as the original of its copies: shuffled with
 * `createPrng(`${seed}:${taskId}:bug-copies`)`, then (stably) wrong answers without a `TIMEOUT` first, wrong answers
 * with one, crashes without one, crashes with one — a propagated wrong answer is the case the pools model, and a
 * copy of a distractor that times out costs the oracle's whole timeout per run and depends on the machine's speed.
 *
 * @example
 * copyOrder('t1', [crash, output], 7) // [1, 0]
 */
export function copyOrder(taskId: string, distractors: readonly CopyableDistractor[], seed: string | number): number[] {
  const order = shuffled(
    distractors.map((_, i) => i),
    createPrng(`${taskSeed(seed, taskId)}:bug-copies`),
  );
  return order
    .map((index, position) => ({ index, position, rank: copyRank(distractors[index]!) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map((x) => x.index);
}

/**
 * Which other chosen distractors stay beside the copies of distractor `original` in a pool of `copies` snippets of
 * one bug: fewer than the copies, so the copied behaviour is a strict majority of the distractors — the first
 * `min(copies − 1, others)` of the others shuffled with `createPrng(`${seed}:${taskId}:bug-copies:others`)`,
 * returned in ascending order (their order in the pool, by position in the code, is kept).
 *
 * @example
 * keptOthers('t1', 4, 2, 3, 7) // two of [0, 1, 3], ascending
 */
export function keptOthers(
  taskId: string,
  distractors: number,
  original: number,
  copies: number,
  seed: string | number,
): number[] {
  const others = Array.from({ length: distractors }, (_, i) => i).filter((i) => i !== original);
  return shuffled(others, createPrng(`${taskSeed(seed, taskId)}:bug-copies:others`))
    .slice(0, Math.max(0, copies - 1))
    .sort((a, b) => a - b);
}
