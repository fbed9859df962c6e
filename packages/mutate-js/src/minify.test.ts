import { describe, expect, it } from 'vitest';
import { minifiedJs } from './minify.js';

describe('minifiedJs', () => {
  it('gives the same text when two programs differ only in layout, comments, dead code or local names', () => {
    const a = minifiedJs('function f(a) {\n  // note\n  if (false) { return 1; }\n  return a + 2;\n}\n', 'javascript');
    const b = minifiedJs('function f(value) { return value + 2 }', 'javascript');
    expect(a).toBe(b);
  });

  it('strips types first when the language is TypeScript', () => {
    expect(minifiedJs('function f(a: number): number { return a as number + 2; }', 'typescript')).toBe(
      minifiedJs('function f(a) { return a + 2; }', 'javascript'),
    );
  });

  it('gives different text when the programs compute different things', () => {
    expect(minifiedJs('function f(a) { return a + 2; }', 'javascript')).not.toBe(
      minifiedJs('function f(a) { return a - 2; }', 'javascript'),
    );
  });

  it('throws when the text is not valid for esbuild', () => {
    expect(() => minifiedJs('function f(a: number) {}', 'javascript')).toThrow();
  });
});
