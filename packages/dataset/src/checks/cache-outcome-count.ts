import type { QueryRow } from '../schemas.js';
import type { CheckDefinition } from './check.js';

/**
 * Every cached outcome list of a query's own snippets (correct ones, then distractors) has one outcome per assert
 * of the suite (a warning). Skipped without a cache.
 *
 * @example
 * // warning data/execution_cache.jsonl:1000 q_0006/c_0025: cached run of c_0025 against q_0006 has 1 outcomes
 * //   for 8 tests [cache-outcome-count]
 */
export const cacheOutcomeCount: CheckDefinition = {
  id: 'cache-outcome-count',
  description: 'cached outcome lists have one outcome per assert',
  run(ctx, out) {
    if (ctx.executionCache === null) return 'skipped';
    const b = ctx.benchmark;
    for (let q = 0; q < b.queries.length; q++) {
      const row = b.queries[q] as QueryRow;
      const own = [
        ...b.correctIndices.subarray(b.correctOffsets[q], b.correctOffsets[q + 1]),
        ...b.distractorIndices.subarray(b.distractorOffsets[q], b.distractorOffsets[q + 1]),
      ];
      for (const c of own) {
        const entry = ctx.cacheEntry(q, c);
        if (entry === undefined || entry.testResults === null) continue;
        out.examined();
        if (entry.testResults.length !== row.test_suite.length) {
          out.report(
            'warning',
            `cached run of ${ctx.corpusId(c)} against ${row.query_id} has ${entry.testResults.length} outcomes for ${row.test_suite.length} tests`,
            { file: ctx.files.executionCache, line: entry.line, queryId: row.query_id, corpusId: ctx.corpusId(c) },
          );
        }
      }
    }
    return undefined;
  },
};
