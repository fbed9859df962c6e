import { describe, expect, it } from 'vitest';
import { EmbeddersError } from './errors.js';
import { decodeBase64Float32, normalizeRows, toMatrix, truncateColumns } from './vectors.js';

describe('decodeBase64Float32', () => {
  it('round-trips little-endian float32', () => {
    const values = new Float32Array([1, -2.5, 3.25e-8, 0]);
    expect(Array.from(decodeBase64Float32(Buffer.from(values.buffer).toString('base64')))).toEqual(Array.from(values));
  });

  it('throws response when the byte length is not a multiple of 4', () => {
    expect(() => decodeBase64Float32(Buffer.from([1, 2, 3]).toString('base64'))).toThrow(EmbeddersError);
  });
});

describe('toMatrix', () => {
  it('packs rows in order', () => {
    expect(
      Array.from(
        toMatrix(
          [
            [1, 2],
            [3, 4],
          ],
          2,
          2,
          't',
        ).data,
      ),
    ).toEqual([1, 2, 3, 4]);
  });

  it.each([
    ['count', [[1, 2]], /expected 2 vectors, received 1|expected 2 vectors in the response, received 1/],
    ['length', [[1, 2], [3]], /vector 1 has 1 dimensions, expected 2/],
    [
      'NaN',
      [
        [1, Number.NaN],
        [3, 4],
      ],
      /non-finite/,
    ],
    [
      'Infinity',
      [
        [1, 2],
        [Number.POSITIVE_INFINITY, 4],
      ],
      /non-finite/,
    ],
    [
      'string',
      [
        [1, '2'],
        [3, 4],
      ],
      /non-numeric/,
    ],
    ['null row', [null, [3, 4]], /vector 0 is null/],
  ])('rejects a bad %s with response', (_, vectors, message) => {
    let error: unknown;
    try {
      toMatrix(vectors as unknown[], 2, 2, 't');
    } catch (e) {
      error = e;
    }
    expect(EmbeddersError.is(error) && error.code).toBe('response');
    expect((error as Error).message).toMatch(message);
  });
});

describe('normalizeRows', () => {
  it('scales rows to unit length and leaves zero rows alone', () => {
    const m = new Float32Array([3, 4, 0, 0, 0, -2]);
    normalizeRows(m, 2);
    expect(Array.from(m)).toEqual([Math.fround(0.6), Math.fround(0.8), 0, 0, 0, -1]);
  });

  it('throws RangeError when the length is not a multiple of dims', () => {
    expect(() => normalizeRows(new Float32Array(3), 2)).toThrow(RangeError);
  });
});

describe('truncateColumns', () => {
  it('keeps leading columns', () => {
    expect(Array.from(truncateColumns(new Float32Array([1, 2, 3, 4, 5, 6]), 3, 2))).toEqual([1, 2, 4, 5]);
  });

  it('throws RangeError when asked to widen', () => {
    expect(() => truncateColumns(new Float32Array(4), 2, 3)).toThrow(RangeError);
  });
});
