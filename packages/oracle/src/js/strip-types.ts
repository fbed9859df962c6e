import { transform } from 'sucrase';

/** JavaScript from TypeScript, or the syntax error that prevented it. */
export type StrippedSource = { ok: true; code: string } | { ok: false; message: string };

/**
 * Removes TypeScript's types with sucrase (`transforms: ['typescript']`, no other transform: modern syntax is
 * kept as written, line numbers are preserved; `enum`s and parameter properties become JavaScript). No type
 * checking. A syntax error is returned as its message (`Unexpected token, expected "," (1:22)`), never
 * thrown, so a job whose snippet does not parse gets `ERROR:SyntaxError: …` for every test.
 *
 * @param source - TypeScript source (a snippet, or one test)
 * @example
 * stripTypes('function f(a: number): number { return a + 1 }');
 * // { ok: true, code: 'function f(a) { return a + 1 }' }
 * stripTypes('function f(a: number { }'); // { ok: false, message: 'Unexpected token, expected "," (1:22)' }
 */
export function stripTypes(source: string): StrippedSource {
  try {
    return { ok: true, code: transform(source, { transforms: ['typescript'], disableESTransforms: true }).code };
  } catch (error) {
    if (error instanceof RangeError)
      return { ok: false, message: 'the source is nested too deeply to strip its types' };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
