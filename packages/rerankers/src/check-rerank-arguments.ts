import type { RerankOptions } from './types.js';

/**
 * Validates what every `rerank()` receives; throws `TypeError`/`RangeError` on misuse (a programming error, not a
 * provider failure).
 *
 * @example
 * checkRerankArguments('q', ['a', 'b'], { topN: 1 }, 'cohere'); // ok
 * checkRerankArguments('q', ['a'], { topN: 0 }, 'cohere'); // RangeError
 */
export function checkRerankArguments(
  query: string,
  candidates: readonly string[],
  options: RerankOptions | undefined,
  component: string,
): void {
  const where = `@execret/rerankers ${component} rerank`;
  if (typeof query !== 'string') throw new TypeError(`${where}: query must be a string, received ${typeof query}`);
  if (!Array.isArray(candidates)) throw new TypeError(`${where}: candidates must be an array of strings`);
  candidates.forEach((c, i) => {
    if (typeof c !== 'string') throw new TypeError(`${where}: candidates[${i}] must be a string, received ${typeof c}`);
  });
  const topN = options?.topN;
  if (topN !== undefined && (!Number.isInteger(topN) || topN < 1)) {
    throw new RangeError(`${where}: topN must be an integer >= 1, received ${topN}`);
  }
  const first = options?.firstStageScores;
  if (first !== undefined) {
    if (first.length !== candidates.length) {
      throw new RangeError(`${where}: ${first.length} firstStageScores for ${candidates.length} candidates`);
    }
    const bad = Array.from(first).findIndex((s) => typeof s !== 'number' || !Number.isFinite(s));
    if (bad >= 0) throw new RangeError(`${where}: firstStageScores[${bad}] is not a finite number`);
  }
}
