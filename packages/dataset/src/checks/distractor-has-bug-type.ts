import type { CheckDefinition } from './check.js';

/**
 * Every distractor carries a bug type (a missing one is a warning: legacy rows may lack it).
 *
 * @example
 * // warning data/corpus.jsonl:3 bug_type: distractor has no bug_type [distractor-has-bug-type]
 */
export const distractorHasBugType: CheckDefinition = {
  id: 'distractor-has-bug-type',
  description: 'every distractor has a bug_type',
  run(ctx, out) {
    const b = ctx.benchmark;
    const { correctOwners, distractorOwners } = ctx.roles();
    for (let c = 0; c < b.corpus.length; c++) {
      if (!ctx.isFirstOfId(c) || (correctOwners[c] as number) > 0 || (distractorOwners[c] as number) === 0) continue;
      out.examined();
      if (b.snippetBugType[c] === null)
        out.report('warning', 'distractor has no bug_type', ctx.atSnippet(c, ['bug_type']));
    }
    return undefined;
  },
};
