import { describe, expect, it } from 'vitest';
import { checkJsMutant } from './check-mutant.js';

const canonical = 'function f(a) {\n  return a + 1;\n}\n';

describe('checkJsMutant', () => {
  it('returns ok when the edited program parses and differs after minification', () => {
    expect(checkJsMutant(canonical, 'function f(a) {\n  return a - 2;\n}\n', { language: 'javascript' })).toEqual({
      status: 'ok',
      reason: null,
    });
  });

  it('returns equivalent when only layout or comments changed', () => {
    expect(
      checkJsMutant(canonical, 'function f(a) { /* x */ return a + 1 }', { language: 'javascript' }),
    ).toMatchObject({ status: 'equivalent' });
  });

  it('returns unparsable when the edited program does not parse', () => {
    expect(checkJsMutant(canonical, 'function f(a) {\n  return a --1;\n}\n', { language: 'javascript' })).toMatchObject(
      { status: 'unparsable', reason: expect.stringMatching(/^does not parse: /u) },
    );
  });

  it('strips types when the language is TypeScript', () => {
    const tsCanonical = 'function f(a: number): number {\n  return a + 1;\n}\n';
    expect(
      checkJsMutant(tsCanonical, 'function f(a: string): string {\n  return a + 1;\n}\n', { language: 'typescript' }),
    ).toMatchObject({ status: 'equivalent' });
  });

  it('throws MutateJsError parse when the canonical does not parse', () => {
    expect(() => checkJsMutant('function (', canonical, { language: 'javascript' })).toThrow(
      expect.objectContaining({ code: 'parse' }),
    );
  });
});
