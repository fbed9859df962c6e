import type { CorpusRow } from '../schemas.js';
import type { CheckDefinition } from './check.js';

/**
 * Canonicals are labelled `"correct"` and distractors `"incorrect"` (the role comes from the queries' lists,
 * whatever the label says).
 *
 * @example
 * // error data/corpus.jsonl:3 label: listed as a distractor but labelled "correct" [labels-match-roles]
 */
export const labelsMatchRoles: CheckDefinition = {
  id: 'labels-match-roles',
  description: 'canonicals are labelled "correct", distractors "incorrect"',
  run(ctx, out) {
    const { correctOwners, distractorOwners } = ctx.roles();
    const corpus = ctx.benchmark.corpus;
    for (let c = 0; c < corpus.length; c++) {
      if (!ctx.isFirstOfId(c)) continue;
      const label = (corpus[c] as CorpusRow).label;
      if ((correctOwners[c] as number) > 0) {
        out.examined();
        if (label !== 'correct') {
          out.report(
            'error',
            `listed as a correct snippet but labelled ${JSON.stringify(label)}`,
            ctx.atSnippet(c, ['label']),
          );
        }
      } else if ((distractorOwners[c] as number) > 0) {
        out.examined();
        if (label !== 'incorrect') {
          out.report(
            'error',
            `listed as a distractor but labelled ${JSON.stringify(label)}`,
            ctx.atSnippet(c, ['label']),
          );
        }
      }
    }
    return undefined;
  },
};
