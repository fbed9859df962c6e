import { describe, expect, it } from 'vitest';
import { compareCodePoints } from './compare-code-points.js';
import { mulberry32 } from './mulberry32.js';

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

/** Reference: compare arrays of code points (independent of the code-unit fix-up). */
function referenceCompare(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) as number);
  const y = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
}

const ALPHABET = [
  'a',
  'b',
  'Z',
  '0',
  '_',
  '\u00e9',
  '\ud7ff',
  '\ue000',
  '\uff21',
  '\ufffd',
  '\u{10000}',
  '\u{1f600}',
  '\u{10ffff}',
];

describe('compareCodePoints (random strings)', () => {
  it.each([
    ['c_0001', 'c_0002', -1],
    ['c_0002', 'c_0001', 1],
    ['c_9', 'c_10', 1],
    ['abc', 'abc', 0],
    ['ab', 'abc', -1],
    ['', 'a', -1],
    ['Z', 'a', -1],
    ['\u{1f600}', '\ufffd', 1],
    ['\u{10000}', '\uffff', 1],
    ['\ue000', '\ud7ff', 1],
    ['\u{1f600}', '\u{1f601}', -1],
  ])('orders %j against %j as %i', (a, b, sign) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(sign);
  });

  it('agrees with code-point order on random strings from a tricky alphabet', () => {
    const rand = mulberry32(7);
    const word = (): string => {
      let s = '';
      const n = Math.floor(rand() * 4);
      for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(rand() * ALPHABET.length)];
      return s;
    };
    for (let trial = 0; trial < 5000; trial++) {
      const a = word();
      const b = word();
      expect(Math.sign(compareCodePoints(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
        Math.sign(referenceCompare(a, b)),
      );
    }
  });

  it('disagrees with JavaScript < exactly where UTF-16 and code-point order differ', () => {
    expect('\u{1f600}' < '\ufffd').toBe(true);
    expect(compareCodePoints('\u{1f600}', '\ufffd') > 0).toBe(true);
  });
});

describe('compareCodePoints (ids and UTF-8 byte order)', () => {
  it.each([
    ['c_0001', 'c_0002', -1],
    ['c_0010', 'c_0002', 1],
    ['abc', 'abc', 0],
    ['ab', 'abc', -1],
    ['', 'a', -1],
    ['Z', 'a', -1],
    ['\uFFFF', '\u{1F600}', -1], // UTF-16 order would say the opposite (0xFFFF > 0xD83D)
    ['\u{1F600}', '\u{1F601}', -1],
    ['\uE000', '\u{10000}', -1],
  ] as const)('orders %j before/after %j as %i', (a, b, sign) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(sign);
    expect(Math.sign(compareCodePoints(b, a)) + 0).toBe(-sign + 0);
  });

  it('agrees with sorting UTF-8 bytes', () => {
    const ids = ['b', 'a\u{10400}', 'a\uFB01', 'a', 'c_10', 'c_9', '\u00e9', 'e\u0301'];
    const byBytes = [...ids].sort((x, y) => Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8')));
    expect([...ids].sort(compareCodePoints)).toEqual(byBytes);
  });
});
