import type { CheckDefinition } from './check.js';

/**
 * Every canonical is listed as correct by exactly one query and never as a distractor.
 *
 * @example
 * // error data/corpus.jsonl:1 c_0001: canonical is listed as correct by 2 queries and as distractor 0 times
 * //   [canonical-single-owner]
 */
export const canonicalSingleOwner: CheckDefinition = {
  id: 'canonical-single-owner',
  description: 'every canonical belongs to exactly one query and is not also a distractor',
  run(ctx, out) {
    const { correctOwners, distractorOwners } = ctx.roles();
    for (let c = 0; c < ctx.benchmark.corpus.length; c++) {
      if (!ctx.isFirstOfId(c)) continue; // repeats are reported by unique-corpus-ids
      const asCorrect = correctOwners[c] as number;
      const asDistractor = distractorOwners[c] as number;
      if (asCorrect === 0) continue;
      out.examined();
      if (asCorrect > 1 || asDistractor > 0) {
        out.report(
          'error',
          `canonical is listed as correct by ${asCorrect} quer${asCorrect === 1 ? 'y' : 'ies'} and as distractor ${asDistractor} time${asDistractor === 1 ? '' : 's'}`,
          ctx.atSnippet(c),
        );
      }
    }
    return undefined;
  },
};
