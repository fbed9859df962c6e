import type { CorpusRow } from '../schemas.js';
import type { CheckDefinition } from './check.js';

/**
 * Every `corpus_id` occurs once: each repeat is an error at its own line.
 *
 * @example
 * // a second row with corpus_id "c_0001" on line 2:
 * // error data/corpus.jsonl:2 corpus_id: corpus_id "c_0001" already used on line 1 [unique-corpus-ids]
 */
export const uniqueCorpusIds: CheckDefinition = {
  id: 'unique-corpus-ids',
  description: 'every corpus_id occurs once',
  run(ctx, out) {
    const b = ctx.benchmark;
    out.examined(b.corpus.length);
    for (let c = 0; c < b.corpus.length; c++) {
      const id = (b.corpus[c] as CorpusRow).corpus_id;
      const first = b.corpusIndexById.get(id);
      if (first !== c) {
        out.report(
          'error',
          `corpus_id ${JSON.stringify(id)} already used on line ${b.corpusLine[first as number]}`,
          ctx.atSnippet(c, ['corpus_id']),
        );
      }
    }
    return undefined;
  },
};
