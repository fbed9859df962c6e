import type { CheckDefinition } from './check.js';

/**
 * Canonicals carry no bug type (`bug_type` absent, `null` or `""`).
 *
 * @example
 * // error data/corpus.jsonl:1 bug_type: canonical has bug_type "off_by_one" [bug-type-only-on-distractors]
 */
export const bugTypeOnlyOnDistractors: CheckDefinition = {
  id: 'bug-type-only-on-distractors',
  description: 'canonicals have no bug_type (absent, null or "")',
  run(ctx, out) {
    const b = ctx.benchmark;
    const { correctOwners } = ctx.roles();
    for (let c = 0; c < b.corpus.length; c++) {
      if (!ctx.isFirstOfId(c) || (correctOwners[c] as number) === 0) continue;
      out.examined();
      if (b.snippetBugType[c] !== null) {
        out.report(
          'error',
          `canonical has bug_type ${JSON.stringify(b.snippetBugType[c])}`,
          ctx.atSnippet(c, ['bug_type']),
        );
      }
    }
    return undefined;
  },
};
