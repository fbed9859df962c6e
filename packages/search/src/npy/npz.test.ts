import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SearchError } from '../errors.js';
import { crc32, crc32Js } from './crc32.js';
import { readNpy, writeNpy } from './npy.js';
import { readNpz, writeNpz } from './npz.js';
import { readZip, zipChunks } from './zip.js';

const concat = (chunks: Iterable<Uint8Array>) => Buffer.concat([...chunks]);

function expectMatrixError(run: () => unknown, message: RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(SearchError.is(caught), String(caught)).toBe(true);
  expect((caught as SearchError).code).toBe('matrix');
  expect((caught as Error).message).toMatch(message);
}

describe('crc32', () => {
  it('gives the standard check value for "123456789"', () => {
    const bytes = new TextEncoder().encode('123456789');
    expect(crc32(bytes)).toBe(0xcbf43926);
    expect(crc32Js(bytes)).toBe(0xcbf43926);
  });

  it('agrees between the JavaScript and zlib implementations on random data', () => {
    const bytes = new Uint8Array(100_003).map((_, i) => (i * 2654435761) >>> 24);
    expect(crc32Js(bytes)).toBe(crc32(bytes));
    expect(crc32Js(new Uint8Array(0))).toBe(0);
  });
});

describe('writeNpz', () => {
  const entries = {
    queries: { data: new Float32Array([1, 2, 3, 4]), shape: [2, 2] },
    ids: { data: ['q_0001', 'q_0002'], shape: [2] },
  };

  it('round-trips named arrays through readNpz, stored and deflated', () => {
    for (const compress of [false, true]) {
      const arrays = readNpz(writeNpz(entries, { compress }));
      expect([...arrays.keys()]).toEqual(['queries', 'ids']);
      expect(arrays.get('queries')).toEqual({ dtype: 'float32', shape: [2, 2], data: new Float32Array([1, 2, 3, 4]) });
      expect(arrays.get('ids')).toEqual({ dtype: 'unicode', shape: [2], data: ['q_0001', 'q_0002'] });
    }
  });

  it('is deterministic: equal inputs give equal bytes', () => {
    expect(
      Buffer.from(writeNpz(entries, { compress: true })).equals(Buffer.from(writeNpz(entries, { compress: true }))),
    ).toBe(true);
  });

  it('accepts a Map and keeps its order', () => {
    const map = new Map([
      ['b', { data: new Int32Array([1]), shape: [1] }],
      ['a', { data: new Int32Array([2]), shape: [1] }],
    ]);
    expect([...readNpz(writeNpz(map)).keys()]).toEqual(['b', 'a']);
  });

  it('stores members as <name>.npy with the stored or deflate method', () => {
    const stored = readZip(writeNpz(entries), 'test', { maxBytes: 1 << 20 });
    expect(stored.map((e) => e.name)).toEqual(['queries.npy', 'ids.npy']);
    expect(readNpy(stored[0]!.data).shape).toEqual([2, 2]);
    const deflated = writeNpz({ zeros: { data: new Float64Array(10_000), shape: [10_000] } }, { compress: true });
    expect(deflated.length).toBeLessThan(2_000);
  });

  it('writes ZIP64 records when forced, and reads them back', () => {
    const bytes = writeNpz(entries, { forceZip64: true });
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(bytes.length - 22, true)).toBe(0x06054b50);
    expect(view.getUint32(bytes.length - 22 - 20, true)).toBe(0x07064b50);
    expect(view.getUint16(bytes.length - 22 + 10, true)).toBe(0xffff);
    expect(readNpz(bytes).get('ids')?.data).toEqual(['q_0001', 'q_0002']);
  });

  it.each([
    ['an empty name', { '': { data: new Float32Array(0), shape: [0] } }],
    ['a name with a slash', { 'a/b': { data: new Float32Array(0), shape: [0] } }],
    ['an entry without shape', { a: { data: new Float32Array(0) } }],
  ])('throws TypeError for %s', (_, bad) => {
    expect(() => writeNpz(bad as never)).toThrow(TypeError);
  });

  it('throws RangeError when a shape does not match its data', () => {
    expect(() => writeNpz({ a: { data: new Float32Array(3), shape: [2] } })).toThrow(RangeError);
  });
});

describe('readNpz', () => {
  const npy = writeNpy(new Float32Array([1, 2]), [2]);

  it('reads entries with data descriptors (sizes only in the central directory)', () => {
    // Rewrite a stored archive as a streaming writer would: flag bit 3, zero CRC and sizes in the local header.
    const bytes = new Uint8Array(
      concat(zipChunks([{ name: 'a.npy', data: npy }], { compress: false, forceZip64: false })),
    );
    const view = new DataView(bytes.buffer);
    view.setUint16(6, 0x8, true);
    view.setUint32(14, 0, true);
    view.setUint32(18, 0, true);
    view.setUint32(22, 0, true);
    expect(readNpz(bytes).get('a')?.data).toEqual(new Float32Array([1, 2]));
  });

  it('decodes names without the UTF-8 flag as CP437', () => {
    const bytes = new Uint8Array(
      concat(zipChunks([{ name: 'X.npy', data: npy }], { compress: false, forceZip64: false })),
    );
    // Replace the name's first byte (local header at 30, central entry at its offset + 46) with 0x82 = "é".
    bytes[30] = 0x82;
    const central = bytes.indexOf(0x50, 30 + 5 + npy.length);
    expect(new DataView(bytes.buffer).getUint32(central, true)).toBe(0x02014b50);
    bytes[central + 46] = 0x82;
    expect([...readNpz(bytes).keys()]).toEqual(['é']);
  });

  it('skips directory entries and keeps names that do not end in .npy', () => {
    const bytes = new Uint8Array(
      concat(
        zipChunks(
          [
            { name: 'dir/', data: new Uint8Array(0) },
            { name: 'raw', data: npy },
          ],
          { compress: false, forceZip64: false },
        ),
      ),
    );
    expect([...readNpz(bytes).keys()]).toEqual(['raw']);
  });

  it('throws matrix naming the member when a member is not an .npy array', () => {
    const bytes = new Uint8Array(
      concat(
        zipChunks([{ name: 'notes.txt', data: new TextEncoder().encode('hello') }], {
          compress: false,
          forceZip64: false,
        }),
      ),
    );
    expectMatrixError(() => readNpz(bytes), /member 'notes\.txt': not an \.npy file/);
  });

  it('throws matrix when two members map to the same key', () => {
    const bytes = new Uint8Array(
      concat(
        zipChunks(
          [
            { name: 'a.npy', data: npy },
            { name: 'a', data: npy },
          ],
          { compress: false, forceZip64: false },
        ),
      ),
    );
    expectMatrixError(() => readNpz(bytes), /two members are named 'a'/);
  });

  it('throws matrix when the archive is truncated', () => {
    const bytes = writeNpz({ a: { data: new Float32Array(100), shape: [100] } });
    expectMatrixError(() => readNpz(bytes.subarray(0, bytes.length - 30)), /not a ZIP archive/);
    expectMatrixError(() => readNpz(new Uint8Array(10)), /not a ZIP archive/);
  });

  it('throws matrix when a CRC-32 does not match', () => {
    const bytes = writeNpz({ a: { data: new Float32Array([1, 2, 3]), shape: [3] } });
    const at = bytes.indexOf(0x3f, 100); // inside the float data (1.0 = 0x3f800000)
    bytes[at] = bytes[at]! ^ 1;
    expectMatrixError(() => readNpz(bytes), /fails its CRC-32 check/);
  });

  it('throws matrix for encrypted entries and unknown compression methods', () => {
    const make = () =>
      new Uint8Array(concat(zipChunks([{ name: 'a.npy', data: npy }], { compress: false, forceZip64: false })));
    const centralOffset = (bytes: Uint8Array) => new DataView(bytes.buffer).getUint32(bytes.length - 22 + 16, true);
    const encrypted = make();
    new DataView(encrypted.buffer).setUint16(centralOffset(encrypted) + 8, 1, true);
    expectMatrixError(() => readNpz(encrypted), /encrypted/);
    const bzip2 = make();
    new DataView(bzip2.buffer).setUint16(centralOffset(bzip2) + 10, 12, true);
    expectMatrixError(() => readNpz(bzip2), /compression method 12/);
  });

  it('throws matrix when deflated data is corrupt', () => {
    const good = deflateRawSync(npy);
    const bytes = new Uint8Array(
      concat(zipChunks([{ name: 'a.npy', data: npy }], { compress: true, forceZip64: false })),
    );
    const start = 30 + 5;
    expect(Buffer.from(bytes.subarray(start, start + good.length)).equals(good)).toBe(true);
    bytes.fill(0xff, start, start + 8);
    expectMatrixError(() => readNpz(bytes), /does not inflate|CRC-32|bytes, the directory says/);
  });
});
