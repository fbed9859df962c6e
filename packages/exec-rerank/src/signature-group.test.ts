import { describe, expect, it } from 'vitest';
import { type FunctionSignature, mainFunction, signatureKey } from './function-signature.js';
import { signatureGroup } from './signature-group.js';

const sig = (name: string, arity = 1): FunctionSignature => ({
  name,
  header: `def ${name}(...)`,
  parameters: Array.from({ length: arity }, (_, i) => ({
    name: `p${i}`,
    kind: 'positional' as const,
    hasDefault: false,
    defaultValue: null,
    source: `p${i}`,
  })),
});

describe('signatureGroup', () => {
  it('groups candidates with the top candidate’s name and parameter count', () => {
    expect(signatureGroup([sig('f'), sig('g'), sig('f'), null, sig('f', 2)])).toEqual([0, 2]);
  });

  it('is empty when the top candidate defines no function', () => {
    expect(signatureGroup([null, sig('f')])).toEqual([]);
  });
});

describe('signatureKey', () => {
  it('joins name and parameter count', () => {
    expect(signatureKey(sig('wrap', 2))).toBe('wrap/2');
  });
});

describe('mainFunction', () => {
  it.each([
    [['_helper', 'slugify'], undefined, 'slugify'],
    [['slugify', 'other'], 'slugify', 'slugify'],
    [['a', '_b'], undefined, 'a'],
    [['_a', '_b'], undefined, '_b'],
    [['a', 'b'], 'missing', 'b'],
  ])('picks from %j (target %j) the function %j', (names, target, expected) => {
    expect(
      mainFunction(
        names.map((n) => sig(n)),
        target,
      )?.name,
    ).toBe(expected);
  });

  it('returns null when there is no function', () => {
    expect(mainFunction([])).toBeNull();
  });
});
