import type { CorpusRow } from '../schemas.js';
import type { CheckDefinition } from './check.js';

/**
 * Every Python snippet is lexically valid Python (terminated strings, balanced brackets) and, when `parsePython`
 * is given, parses. Snippets in another language are not examined.
 *
 * @example
 * // error data/corpus.jsonl:21 code: snippet does not parse: line 9 of the code: unterminated string literal
 * //   [snippets-parse]
 */
export const snippetsParse: CheckDefinition = {
  id: 'snippets-parse',
  description: 'every snippet is lexically valid Python (and parses, given a parser)',
  run(ctx, out) {
    const corpus = ctx.benchmark.corpus;
    for (let c = 0; c < corpus.length; c++) {
      if (ctx.benchmark.snippetLanguage[c] !== 'python') continue;
      out.examined();
      const lexical = ctx.snippetScan(c).error;
      const problem =
        lexical !== null
          ? `line ${lexical.line} of the code: ${lexical.message}`
          : (ctx.parsePython?.((corpus[c] as CorpusRow).code, 'snippet') ?? null);
      if (problem !== null) out.report('error', `snippet does not parse: ${problem}`, ctx.atSnippet(c, ['code']));
    }
    return undefined;
  },
};
