import { MutateJsError } from './errors.js';
import { minifiedJs } from './minify.js';
import { parseProgram, syntaxMessage } from './parse-js.js';
import type { JsLanguage } from './types.js';

/** Options of {@link checkJsMutant}. */
export interface CheckJsMutantOptions {
  language: JsLanguage;
}

/** What {@link checkJsMutant} found: `ok`, or why the code is not a usable mutant of the canonical. */
export type JsMutantCheck = { status: 'ok'; reason: null } | { status: 'unparsable' | 'equivalent'; reason: string };

/**
 * Judges an already edited program (for example several edits applied at once, as for stacked mutants) against
 * its canonical with the engine's own rules: `unparsable` when Babel cannot parse it (with the canonical's source
 * type) or esbuild cannot transform it, `equivalent` when it is identical to the canonical after esbuild
 * minification, else `ok`. Throws `MutateJsError('parse')` / `('minify')` when the canonical itself fails.
 *
 * @example
 * checkJsMutant('function f(a) {\n  return a + 1;\n}\n', 'function f(a) {\n  return a - 1;\n}\n', {
 *   language: 'javascript',
 * }); // { status: 'ok', reason: null }
 */
export function checkJsMutant(canonical: string, code: string, options: CheckJsMutantOptions): JsMutantCheck {
  const { language } = options;
  let sourceType: 'script' | 'module';
  let canonicalMinified: string;
  try {
    sourceType = parseProgram(canonical, language, 'unambiguous').program.sourceType;
  } catch (error) {
    throw new MutateJsError(
      'parse',
      `@execret/mutate-js checkJsMutant: the ${language} canonical does not parse: ${syntaxMessage(error)}`,
      { cause: error },
    );
  }
  try {
    canonicalMinified = minifiedJs(canonical, language);
  } catch (error) {
    throw new MutateJsError(
      'minify',
      `@execret/mutate-js checkJsMutant: esbuild cannot minify the ${language} canonical: ${syntaxMessage(error)}`,
      { cause: error },
    );
  }
  try {
    parseProgram(code, language, sourceType);
  } catch (error) {
    return { status: 'unparsable', reason: `does not parse: ${syntaxMessage(error)}` };
  }
  let minified: string;
  try {
    minified = minifiedJs(code, language);
  } catch (error) {
    return { status: 'unparsable', reason: `esbuild cannot transform it: ${syntaxMessage(error)}` };
  }
  return minified === canonicalMinified
    ? { status: 'equivalent', reason: 'identical to the canonical after minification' }
    : { status: 'ok', reason: null };
}
