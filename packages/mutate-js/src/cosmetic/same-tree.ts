import { isDeepStrictEqual } from 'node:util';
import { plainTree } from '../ast.js';
import { parseProgram, type SourceType } from '../parse-js.js';
import type { JsLanguage } from '../types.js';

/**
 * Whether `code` parses (with the original's source type) to exactly `expected` — a Babel tree, compared without
 * positions, comments, raw spellings or parentheses (`plainTree`). False when it does not parse.
 *
 * @example
 * parsesTo("f('a');", parseProgram('f("a");', 'javascript', 'script'), 'javascript', 'script') // true
 */
export function parsesTo(code: string, expected: unknown, language: JsLanguage, sourceType: SourceType): boolean {
  let tree: unknown;
  try {
    tree = parseProgram(code, language, sourceType);
  } catch {
    return false;
  }
  return isDeepStrictEqual(plainTree(tree), plainTree(expected));
}
