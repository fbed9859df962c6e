import { transformSync } from 'esbuild';
import type { JsLanguage } from './types.js';

/**
 * The normal form used to recognise trivially equivalent mutants: esbuild's minified output (`minify: true`:
 * whitespace, syntax and identifier minification; types stripped first for TypeScript with the `ts` loader; no
 * bundling, so top-level names stay). Two snippets with the same normal form behave the same under every test,
 * up to esbuild's documented minification assumptions (no reliance on `Function.prototype.toString`, on function
 * `.name` or on the exact text of the source). Throws esbuild's error when the text cannot be transformed.
 *
 * @example
 * minifiedJs('function f(a) { if (false) { return 1; } return a + 2; }', 'javascript')
 * // 'function f(n){return n+2}\n' (the dead branch folds away)
 */
export function minifiedJs(code: string, language: JsLanguage): string {
  return transformSync(code, {
    loader: language === 'typescript' ? 'ts' : 'js',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  }).code;
}
