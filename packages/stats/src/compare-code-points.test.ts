import { describe, expect, it } from 'vitest';
import { compareCodePoints } from './compare-code-points.js';

/** Reference: compare arrays of code points (what Python does). */
function byCodePoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) as number);
  const y = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
}

describe('compareCodePoints', () => {
  it.each([
    { a: 'a', b: 'b', sign: -1 },
    { a: 'B', b: 'a', sign: -1 },
    { a: 'bm25', b: 'bm25', sign: 0 },
    { a: 'bge', b: 'bge-large', sign: -1 },
    { a: '\u{1F600}', b: '\uFF21', sign: 1 },
    { a: '\uE000', b: '\u{10000}', sign: -1 },
    { a: 'z', b: '\u00e9', sign: -1 },
  ])('returns sign $sign when a = $a and b = $b', ({ a, b, sign }) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(sign);
    expect(Math.sign(compareCodePoints(b, a))).toBe(sign === 0 ? 0 : -sign);
  });

  it('agrees with code-point array comparison on mixed BMP, private-use and astral strings', () => {
    const alphabet = ['a', 'Z', '\u00e9', '\uD7FF', '\uE000', '\uFFFD', '\u{10000}', '\u{1F600}', '-', ' '];
    const strings: string[] = [];
    for (const x of alphabet) for (const y of alphabet) strings.push(x + y, x);
    for (const a of strings) {
      for (const b of strings) expect(Math.sign(compareCodePoints(a, b))).toBe(Math.sign(byCodePoints(a, b)));
    }
  });
});
