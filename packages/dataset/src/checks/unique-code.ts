import type { CorpusRow } from '../schemas.js';
import type { CheckDefinition } from './check.js';

/**
 * No two snippets have byte-identical code (a warning: the pool would hold the same candidate twice).
 *
 * @example
 * // warning data/corpus.jsonl:26 code: same code as c_0002 [unique-code]
 */
export const uniqueCode: CheckDefinition = {
  id: 'unique-code',
  description: 'no two snippets have identical code',
  run(ctx, out) {
    const corpus = ctx.benchmark.corpus;
    const owner = new Map<string, number>();
    out.examined(corpus.length);
    for (let c = 0; c < corpus.length; c++) {
      const code = (corpus[c] as CorpusRow).code;
      const first = owner.get(code);
      if (first === undefined) owner.set(code, c);
      else out.report('warning', `same code as ${ctx.corpusId(first)}`, ctx.atSnippet(c, ['code']));
    }
    return undefined;
  },
};
