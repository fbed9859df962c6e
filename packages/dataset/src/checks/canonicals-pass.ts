import type { CheckDefinition } from './check.js';
import { verdictOf } from './context.js';

/**
 * Every canonical passes its query's suite according to the execution cache: a recorded failure is an error, a
 * pair the cache does not hold a warning. Skipped without a cache.
 *
 * @example
 * // error data/queries.jsonl:1 q_0001: canonical c_0001 does not pass its suite: test_suite[2] gave "FAIL"
 * //   [canonicals-pass]
 */
export const canonicalsPass: CheckDefinition = {
  id: 'canonicals-pass',
  description: 'every canonical passes its suite in the execution cache',
  run(ctx, out) {
    if (ctx.executionCache === null) return 'skipped';
    const b = ctx.benchmark;
    for (let q = 0; q < b.queries.length; q++) {
      for (let k = b.correctOffsets[q] as number; k < (b.correctOffsets[q + 1] as number); k++) {
        const c = b.correctIndices[k] as number;
        out.examined();
        const entry = ctx.cacheEntry(q, c);
        const verdict = verdictOf(entry);
        if (verdict === 'missing') {
          out.report('warning', `no cached verdict for canonical ${ctx.corpusId(c)} against the suite`, ctx.atQuery(q));
        } else if (verdict === 'fail') {
          const results = entry?.testResults;
          const firstBad = results?.findIndex((r) => r !== 'pass') ?? -1;
          const detail = firstBad >= 0 ? `: test_suite[${firstBad}] gave ${JSON.stringify(results?.[firstBad])}` : '';
          out.report('error', `canonical ${ctx.corpusId(c)} does not pass its suite${detail}`, ctx.atQuery(q));
        }
      }
    }
    return undefined;
  },
};
