import type { CheckDefinition } from './check.js';

/**
 * Every distractor of a query defines the query's function at top level (a warning).
 *
 * @example
 * // warning data/corpus.jsonl:27 code: distractor does not define count_set_bits() at top level
 * //   [distractors-define-function]
 */
export const distractorsDefineFunction: CheckDefinition = {
  id: 'distractors-define-function',
  description: 'every distractor defines the function at top level',
  run(ctx, out) {
    const b = ctx.benchmark;
    for (let q = 0; q < b.queries.length; q++) {
      const fn = b.functionName[q] ?? null;
      if ((b.queryCanonicalIndex[q] as number) === -1 || fn === null) continue;
      for (let k = b.distractorOffsets[q] as number; k < (b.distractorOffsets[q + 1] as number); k++) {
        const d = b.distractorIndices[k] as number;
        out.examined();
        if (!ctx.definedFunctions(d).includes(fn))
          out.report('warning', `distractor does not define ${fn}() at top level`, ctx.atSnippet(d, ['code']));
      }
    }
    return undefined;
  },
};
