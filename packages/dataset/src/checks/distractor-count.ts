import type { CheckDefinition } from './check.js';
import type { ValidationContext } from './context.js';

/**
 * How many of query `q`'s paired distractors are cosmetic copies of another of its paired distractors: their
 * distractor-metadata row has a string `copy_of` naming another id of the same `paired_distractor_corpus_ids`
 * (propagated-bug pools, docs/formats.md). 0 without metadata.
 */
function copiesOf(ctx: ValidationContext, q: number): number {
  const meta = ctx.benchmark.distractorMetadata;
  if (meta === null) return 0;
  const paired = ctx.benchmark.queries[q]?.paired_distractor_corpus_ids ?? [];
  const ids = new Set(paired);
  let copies = 0;
  for (const id of ids) {
    const m = meta.byDistractorId.get(id);
    const original = m === undefined ? undefined : meta.rows[m]?.raw.copy_of;
    if (typeof original === 'string' && original !== id && ids.has(original)) copies += 1;
  }
  return copies;
}

/**
 * Every query lists between `distractorCount.min` and `.max` distinct paired distractors (default 1 to 4); outside
 * that range is a warning. A distractor whose metadata row names another paired distractor of the same query in
 * `copy_of` is a cosmetic copy (a propagated-bug pool: one bug several times) and is not counted.
 *
 * @example
 * // warning data/queries.jsonl:2 paired_distractor_corpus_ids: 0 paired distractors; expected 1 to 4
 * //   [distractor-count]
 * // warning data/queries.jsonl:3 paired_distractor_corpus_ids: 9 paired distractors (7 distinct, 2 cosmetic
 * //   copies); expected 1 to 4 [distractor-count]
 */
export const distractorCount: CheckDefinition = {
  id: 'distractor-count',
  description: 'every query has 1 to 4 paired distractors (cosmetic copies not counted)',
  run(ctx, out) {
    const { min, max } = ctx.distractorCount;
    ctx.benchmark.queries.forEach((row, q) => {
      out.examined();
      const nd = row.paired_distractor_corpus_ids.length;
      const copies = copiesOf(ctx, q);
      const distinct = nd - copies;
      if (distinct < min || distinct > max) {
        const detail =
          copies > 0 ? ` (${distinct} distinct, ${copies} cosmetic ${copies === 1 ? 'copy' : 'copies'})` : '';
        out.report(
          'warning',
          `${nd} paired distractors${detail}; expected ${min} to ${max}`,
          ctx.atQuery(q, ['paired_distractor_corpus_ids']),
        );
      }
    });
    return undefined;
  },
};
