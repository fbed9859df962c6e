import type { CheckDefinition } from './check.js';

/**
 * Every distractor (a snippet listed as a distractor and never as correct) is listed exactly once.
 *
 * @example
 * // error data/corpus.jsonl:2 c_0002: distractor is listed 2 times (it must belong to exactly one query)
 * //   [distractor-single-owner]
 */
export const distractorSingleOwner: CheckDefinition = {
  id: 'distractor-single-owner',
  description: 'every distractor is listed exactly once, by exactly one query',
  run(ctx, out) {
    const { correctOwners, distractorOwners } = ctx.roles();
    for (let c = 0; c < ctx.benchmark.corpus.length; c++) {
      if (!ctx.isFirstOfId(c)) continue;
      const asDistractor = distractorOwners[c] as number;
      if ((correctOwners[c] as number) > 0 || asDistractor === 0) continue;
      out.examined();
      if (asDistractor > 1) {
        out.report(
          'error',
          `distractor is listed ${asDistractor} times (it must belong to exactly one query)`,
          ctx.atSnippet(c),
        );
      }
    }
    return undefined;
  },
};
