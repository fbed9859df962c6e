import type { CheckDefinition } from './check.js';

/**
 * Every query lists between `distractorCount.min` and `.max` paired distractors (default 1 to 4); outside that
 * range is a warning.
 *
 * @example
 * // warning data/queries.jsonl:2 paired_distractor_corpus_ids: 0 paired distractors; expected 1 to 4
 * //   [distractor-count]
 */
export const distractorCount: CheckDefinition = {
  id: 'distractor-count',
  description: 'every query has 1 to 4 paired distractors',
  run(ctx, out) {
    const { min, max } = ctx.distractorCount;
    ctx.benchmark.queries.forEach((row, q) => {
      out.examined();
      const nd = row.paired_distractor_corpus_ids.length;
      if (nd < min || nd > max) {
        out.report(
          'warning',
          `${nd} paired distractors; expected ${min} to ${max}`,
          ctx.atQuery(q, ['paired_distractor_corpus_ids']),
        );
      }
    });
    return undefined;
  },
};
