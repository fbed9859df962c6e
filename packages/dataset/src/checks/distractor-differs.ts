import type { CorpusRow, QueryRow } from '../schemas.js';
import type { CheckDefinition } from './check.js';

/**
 * No distractor's code is byte-identical to its query's canonical (a distractor must be an edit).
 *
 * @example
 * // error data/queries.jsonl:1 paired_distractor_corpus_ids[2]: distractor c_0004 has exactly the canonical's
 * //   code [distractor-differs]
 */
export const distractorDiffers: CheckDefinition = {
  id: 'distractor-differs',
  description: "no distractor's code equals its canonical's",
  run(ctx, out) {
    const b = ctx.benchmark;
    for (let q = 0; q < b.queries.length; q++) {
      const canonical = b.queryCanonicalIndex[q] as number;
      if (canonical === -1) continue;
      const row = b.queries[q] as QueryRow;
      const code = (b.corpus[canonical] as CorpusRow).code;
      for (let k = b.distractorOffsets[q] as number; k < (b.distractorOffsets[q + 1] as number); k++) {
        const d = b.distractorIndices[k] as number;
        out.examined();
        if ((b.corpus[d] as CorpusRow).code === code) {
          out.report(
            'error',
            `distractor ${ctx.corpusId(d)} has exactly the canonical's code`,
            ctx.atQuery(q, ['paired_distractor_corpus_ids', row.paired_distractor_corpus_ids.indexOf(ctx.corpusId(d))]),
          );
        }
      }
    }
    return undefined;
  },
};
