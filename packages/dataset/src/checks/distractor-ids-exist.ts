import type { CheckDefinition } from './check.js';

/**
 * Every entry of `paired_distractor_corpus_ids` is a `corpus_id` of the corpus.
 *
 * @example
 * // error data/queries.jsonl:3 paired_distractor_corpus_ids[1]: distractor id "c_9999" is not in the corpus
 * //   [distractor-ids-exist]
 */
export const distractorIdsExist: CheckDefinition = {
  id: 'distractor-ids-exist',
  description: 'every paired_distractor_corpus_ids entry is a corpus_id',
  run(ctx, out) {
    const b = ctx.benchmark;
    b.queries.forEach((row, q) => {
      row.paired_distractor_corpus_ids.forEach((id, j) => {
        out.examined();
        if (!b.corpusIndexById.has(id)) {
          out.report(
            'error',
            `distractor id ${JSON.stringify(id)} is not in the corpus`,
            ctx.atQuery(q, ['paired_distractor_corpus_ids', j]),
          );
        }
      });
    });
    return undefined;
  },
};
