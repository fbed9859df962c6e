import type { CheckDefinition } from './check.js';

/**
 * Every entry of `correct_corpus_ids` is a `corpus_id` of the corpus.
 *
 * @example
 * // error data/queries.jsonl:1 correct_corpus_ids[0]: correct id "c_9999" is not in the corpus [correct-ids-exist]
 */
export const correctIdsExist: CheckDefinition = {
  id: 'correct-ids-exist',
  description: 'every correct_corpus_ids entry is a corpus_id',
  run(ctx, out) {
    const b = ctx.benchmark;
    b.queries.forEach((row, q) => {
      row.correct_corpus_ids.forEach((id, j) => {
        out.examined();
        if (!b.corpusIndexById.has(id)) {
          out.report(
            'error',
            `correct id ${JSON.stringify(id)} is not in the corpus`,
            ctx.atQuery(q, ['correct_corpus_ids', j]),
          );
        }
      });
    });
    return undefined;
  },
};
