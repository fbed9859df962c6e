import { describe, expect, it } from 'vitest';
import { SearchError } from '../errors.js';
import { type NpyData, readNpy, writeNpy } from './npy.js';

const text = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** A hand-made .npy file with the given header dictionary and data bytes (version 1.0). */
function handMade(dict: string, data: number[] = [], version = 1): Uint8Array {
  const preamble = version === 1 ? 10 : 12;
  let header = dict;
  while ((preamble + header.length + 1) % 64 !== 0) header += ' ';
  header += '\n';
  const out = new Uint8Array(preamble + header.length + data.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, version, 0]);
  const view = new DataView(out.buffer);
  if (version === 1) view.setUint16(8, header.length, true);
  else view.setUint32(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[preamble + i] = header.charCodeAt(i);
  out.set(data, preamble + header.length);
  return out;
}

describe('writeNpy', () => {
  it('writes numpy’s version 1.0 header, padded so the data starts at a multiple of 64', () => {
    const bytes = writeNpy(new Float32Array([1, 2, 3, 4, 5, 6]), [2, 3]);
    expect(Array.from(bytes.subarray(0, 8))).toEqual([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
    const headerLength = new DataView(bytes.buffer).getUint16(8, true);
    expect((10 + headerLength) % 64).toBe(0);
    expect(text(bytes, 10, 10 + headerLength)).toBe(
      `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }${' '.repeat(headerLength - 60)}\n`,
    );
    expect(Array.from(new Float32Array(bytes.slice(10 + headerLength).buffer))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it.each([
    [[], '()'],
    [[4], '(4,)'],
    [[0, 3], '(0, 3)'],
    [[1, 2, 2], '(1, 2, 2)'],
  ] as const)('formats shape %j as the Python tuple %s', (shape, tuple) => {
    const count = shape.reduce((a: number, b: number) => a * b, 1);
    const bytes = writeNpy(new Int32Array(count), shape);
    expect(text(bytes, 10, 80)).toContain(`'shape': ${tuple}, }`);
  });

  it('switches to version 2.0 when the header exceeds 65,535 bytes', () => {
    const shape = new Array<number>(25000).fill(1);
    const bytes = writeNpy(new Float64Array([2.5]), shape);
    expect(bytes[6]).toBe(2);
    const headerLength = new DataView(bytes.buffer).getUint32(8, true);
    expect((12 + headerLength) % 64).toBe(0);
    // numpy itself refuses headers over 10,000 bytes unless max_header_size is raised; so does readNpy
    expect(() => readNpy(bytes)).toThrow(/maxHeaderBytes 10000/);
    const back = readNpy(bytes, { maxHeaderBytes: 1 << 20 });
    expect(back.shape).toHaveLength(25000);
    expect(Array.from(back.data as Float64Array)).toEqual([2.5]);
  });

  it('writes strings as <U with the longest length in code points', () => {
    const bytes = writeNpy(['c_1', '😀ü', ''], [3]);
    expect(text(bytes, 10, 30)).toContain("'<U3'");
    expect(readNpy(bytes).data).toEqual(['c_1', '😀ü', '']);
  });

  it('writes <U1 for an array of empty strings', () => {
    expect(text(writeNpy(['', ''], [2]), 10, 30)).toContain("'<U1'");
  });

  it.each([
    ['a plain array of numbers', [1, 2], [2], TypeError],
    ['a Uint8Array', new Uint8Array(2), [2], TypeError],
    ['a mixed array', ['a', 1], [2], TypeError],
    ['a shape that does not match', new Float32Array(6), [4], RangeError],
    ['a negative dimension', new Float32Array(0), [-1], RangeError],
    ['a fractional dimension', new Float32Array(1), [1.5], RangeError],
  ] as const)('throws when given %s', (_, data, shape, error) => {
    expect(() => writeNpy(data as unknown as NpyData, shape)).toThrow(error);
  });
});

describe('readNpy', () => {
  it.each([
    ['float32', new Float32Array([1.5, -0, 3.4028234663852886e38, 1.401298464324817e-45])],
    ['float64', new Float64Array([Math.PI, -0, Number.MAX_VALUE, Number.MIN_VALUE, Number.NaN])],
    ['int32', new Int32Array([0, -1, 2147483647, -2147483648])],
    ['int64', new BigInt64Array([0n, -1n, 9223372036854775807n, -9223372036854775808n])],
    ['unicode', ['', 'a', 'naïve', '😀😀', 'x'.repeat(50)]],
  ] as const)('round-trips %s arrays bit for bit', (dtype, data) => {
    const back = readNpy(writeNpy(data, [data.length]));
    expect(back.dtype).toBe(dtype);
    expect(back.shape).toEqual([data.length]);
    if (back.data instanceof Float32Array || back.data instanceof Float64Array) {
      back.data.forEach((v, i) => {
        expect(Object.is(v, (data as Float32Array)[i])).toBe(true);
      });
    } else {
      expect(Array.from(back.data as ArrayLike<unknown>)).toEqual(Array.from(data as ArrayLike<unknown>));
    }
  });

  it('returns an independent, aligned copy when the input is a view at an odd offset', () => {
    const bytes = writeNpy(new Float64Array([1, 2]), [2]);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const back = readNpy(shifted.subarray(3));
    expect(Array.from(back.data as Float64Array)).toEqual([1, 2]);
    shifted.fill(0);
    expect(Array.from(back.data as Float64Array)).toEqual([1, 2]);
  });

  it('converts big-endian data', () => {
    const bytes = handMade(
      "{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }",
      [0, 0, 1, 2, 0xff, 0xff, 0xff, 0xfe],
    );
    expect(readNpy(bytes)).toEqual({ dtype: 'int32', shape: [2], data: new Int32Array([258, -2]) });
  });

  it('reads version 2.0 and 3.0 headers, keys in any order, double quotes and Python 2 long dimensions', () => {
    const data = [0, 0, 0x80, 0x3f];
    for (const version of [2, 3]) {
      const bytes = handMade('{"shape": (1L,), "fortran_order": False, "descr": "<f4"}', data, version);
      expect(readNpy(bytes)).toEqual({ dtype: 'float32', shape: [1], data: new Float32Array([1]) });
    }
  });

  it.each([
    ['a bad magic string', new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), /not an \.npy file/],
    [
      'an unknown version',
      handMade("{'descr': '<f4', 'fortran_order': False, 'shape': (0,), }", [], 1).map((b, i) => (i === 6 ? 4 : b)),
      /version 4\.0/,
    ],
    [
      'a truncated header',
      handMade("{'descr': '<f4', 'fortran_order': False, 'shape': (0,), }").subarray(0, 30),
      /header declares/,
    ],
    [
      'Fortran order',
      handMade("{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }", [0, 0, 0, 0]),
      /fortran_order True/,
    ],
    [
      'an object (pickle) array',
      handMade("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", [0, 0, 0, 0, 0, 0, 0, 0]),
      /unsupported dtype descriptor '\|O'/,
    ],
    ['float16', handMade("{'descr': '<f2', 'fortran_order': False, 'shape': (1,), }", [0, 0]), /'<f2'/],
    [
      'a structured dtype',
      handMade("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", [0, 0, 0, 0]),
      /structured/,
    ],
    [
      'a missing key',
      handMade("{'descr': '<f4', 'shape': (1,), }", [0, 0, 0, 0]),
      /expected exactly descr, fortran_order, shape/,
    ],
    [
      'an extra key',
      handMade("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}", [0, 0, 0, 0]),
      /unexpected value/,
    ],
    [
      'a short data section',
      handMade("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", [0, 0, 0, 0]),
      /needs 8 data bytes, the file has 4/,
    ],
    [
      'trailing bytes',
      handMade("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", [0, 0, 0, 0, 9]),
      /needs 4 data bytes, the file has 5/,
    ],
    [
      'garbage in the header',
      handMade("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (1,), }", [0, 0, 0, 0]),
      /cannot parse the header/,
    ],
  ] as const)('throws SearchError matrix for %s', (_, bytes, message) => {
    let caught: unknown;
    try {
      readNpy(bytes);
    } catch (error) {
      caught = error;
    }
    expect(SearchError.is(caught)).toBe(true);
    expect((caught as SearchError).code).toBe('matrix');
    expect((caught as Error).message).toMatch(/^@execret\/search readNpy: /);
    expect((caught as Error).message).toMatch(message);
  });

  it('throws TypeError when the input is not a Uint8Array', () => {
    expect(() => readNpy('abc' as unknown as Uint8Array)).toThrow(TypeError);
  });
});
