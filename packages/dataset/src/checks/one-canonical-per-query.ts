import type { CheckDefinition } from './check.js';

/**
 * Every query lists exactly one correct snippet: none is an error, more than one a warning (the release has one).
 *
 * @example
 * // error data/queries.jsonl:5 correct_corpus_ids: correct_corpus_ids is empty [one-canonical-per-query]
 */
export const oneCanonicalPerQuery: CheckDefinition = {
  id: 'one-canonical-per-query',
  description: 'every query lists exactly one correct snippet',
  run(ctx, out) {
    ctx.benchmark.queries.forEach((row, q) => {
      out.examined();
      const k = row.correct_corpus_ids.length;
      if (k === 0) out.report('error', 'correct_corpus_ids is empty', ctx.atQuery(q, ['correct_corpus_ids']));
      else if (k > 1) {
        out.report(
          'warning',
          `correct_corpus_ids lists ${k} snippets; the release has exactly one per query`,
          ctx.atQuery(q, ['correct_corpus_ids']),
        );
      }
    });
    return undefined;
  },
};
