import type { CheckDefinition } from './check.js';
import { verdictOf } from './context.js';

/**
 * Every paired distractor fails its query's suite according to the execution cache: a recorded pass is an error,
 * a pair the cache does not hold a warning. Skipped without a cache.
 *
 * @example
 * // error data/queries.jsonl:1 q_0001: distractor c_0002 passes every test of the suite (it must fail at least
 * //   one) [distractors-fail]
 */
export const distractorsFail: CheckDefinition = {
  id: 'distractors-fail',
  description: 'every distractor fails its suite in the execution cache',
  run(ctx, out) {
    if (ctx.executionCache === null) return 'skipped';
    const b = ctx.benchmark;
    for (let q = 0; q < b.queries.length; q++) {
      for (let k = b.distractorOffsets[q] as number; k < (b.distractorOffsets[q + 1] as number); k++) {
        const d = b.distractorIndices[k] as number;
        out.examined();
        const verdict = verdictOf(ctx.cacheEntry(q, d));
        if (verdict === 'missing') {
          out.report(
            'warning',
            `no cached verdict for distractor ${ctx.corpusId(d)} against the suite`,
            ctx.atQuery(q),
          );
        } else if (verdict === 'pass') {
          out.report(
            'error',
            `distractor ${ctx.corpusId(d)} passes every test of the suite (it must fail at least one)`,
            ctx.atQuery(q),
          );
        }
      }
    }
    return undefined;
  },
};
