import type { CheckDefinition } from './check.js';

/**
 * Every snippet of a query (its correct ones, then its distractors) is in the query's language: the `language`
 * fields of the query row and of its corpus rows agree, an absent field meaning `'python'`. A snippet in another
 * language would be executed (and parsed) as the wrong one.
 *
 * @example
 * // error data/corpus.jsonl:502 language: snippet c_0502 is javascript but query q_0101 is python (its
 * //   canonical) [language-agrees]
 */
export const languageAgrees: CheckDefinition = {
  id: 'language-agrees',
  description: "every canonical and distractor of a query is in the query's language",
  run(ctx, out) {
    const b = ctx.benchmark;
    for (let q = 0; q < b.queries.length; q++) {
      const language = b.queryLanguage[q];
      const roles: [Int32Array, string][] = [
        [b.correctIndices.subarray(b.correctOffsets[q], b.correctOffsets[q + 1]), 'its canonical'],
        [b.distractorIndices.subarray(b.distractorOffsets[q], b.distractorOffsets[q + 1]), 'a distractor'],
      ];
      for (const [indices, role] of roles) {
        for (const c of indices) {
          out.examined();
          const own = b.snippetLanguage[c];
          if (own !== language) {
            out.report(
              'error',
              `snippet ${ctx.corpusId(c)} is ${own} but query ${ctx.queryId(q)} is ${language} (${role})`,
              ctx.atSnippet(c, ['language']),
            );
          }
        }
      }
    }
    return undefined;
  },
};
