import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: [2, { d: null, c: 'x' }] }, '{"a":[2,{"c":"x","d":null}],"b":1}'],
    [{ z: undefined, y: 'é\n' }, '{"y":"é\\n"}'],
    [[true, false, 0.5], '[true,false,0.5]'],
  ])('sorts keys and drops undefined for %j', (value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it('throws RangeError on NaN', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(RangeError);
  });
});
