import type { CorpusRow } from '../schemas.js';
import type { CheckDefinition } from './check.js';

/**
 * Every snippet is listed by some query, as correct or as a distractor.
 *
 * @example
 * // error data/corpus.jsonl:5 c_0005: snippet (label incorrect) is listed by no query [no-orphan-snippets]
 */
export const noOrphanSnippets: CheckDefinition = {
  id: 'no-orphan-snippets',
  description: 'every snippet belongs to some query',
  run(ctx, out) {
    const { correctOwners, distractorOwners } = ctx.roles();
    const corpus = ctx.benchmark.corpus;
    for (let c = 0; c < corpus.length; c++) {
      if (!ctx.isFirstOfId(c)) continue;
      out.examined();
      if ((correctOwners[c] as number) + (distractorOwners[c] as number) === 0) {
        out.report(
          'error',
          `snippet (label ${(corpus[c] as CorpusRow).label}) is listed by no query`,
          ctx.atSnippet(c),
        );
      }
    }
    return undefined;
  },
};
