import { describe, expect, it } from 'vitest';
import { crc32, decodeSegment, encodeRecords, recordBytes, recordKey, textHash } from './record.js';

describe('crc32', () => {
  it.each([
    ['123456789', 0xcbf43926],
    ['', 0],
    ['The quick brown fox jumps over the lazy dog', 0x414fa339],
  ])('gives the IEEE check value for %j', (text, expected) => {
    expect(crc32(Buffer.from(text))).toBe(expected);
  });
});

describe('encodeRecords / decodeSegment', () => {
  const dims = 3;
  const hashes = [textHash('a'), textHash('b')];
  const data = new Float32Array([0.5, -1, 2, 3, 4.25, -0.125]);

  it('round-trips whole records with layout 32 + 1 + 3 + 4·dims + 4 bytes', () => {
    const bytes = encodeRecords('document', hashes, data, dims);
    expect(recordBytes(dims)).toBe(52);
    expect(bytes.length).toBe(104);
    expect(bytes.subarray(0, 32).equals(textHash('a'))).toBe(true);
    expect(bytes[32]).toBe(1);
    const decoded = decodeSegment(bytes, dims);
    expect(decoded.tornBytes).toBe(0);
    expect(decoded.corruptRecords).toBe(0);
    expect(decoded.records.map((r) => r.key)).toEqual([
      recordKey('document', hashes[0] as Buffer),
      recordKey('document', hashes[1] as Buffer),
    ]);
    expect(Array.from(decoded.records[1]?.vector ?? [])).toEqual([3, 4.25, -0.125]);
  });

  it.each([1, 20, 51, 52 + 10])('keeps only whole records when the segment is cut after %d bytes', (cut) => {
    const bytes = encodeRecords('query', hashes, data, dims).subarray(0, cut);
    const decoded = decodeSegment(bytes, dims);
    expect(decoded.records).toHaveLength(Math.floor(cut / 52));
    expect(decoded.tornBytes).toBe(cut % 52);
  });

  it('skips a record whose bytes were altered and counts it as corrupt', () => {
    const bytes = Buffer.from(encodeRecords('query', hashes, data, dims));
    bytes[40] = (bytes[40] as number) ^ 0x01;
    const decoded = decodeSegment(bytes, dims);
    expect(decoded.corruptRecords).toBe(1);
    expect(decoded.records.map((r) => r.key)).toEqual([recordKey('query', hashes[1] as Buffer)]);
  });

  it('skips a record with an invalid kind byte even when its CRC was recomputed', () => {
    const bytes = Buffer.from(encodeRecords('query', hashes.slice(0, 1), data.subarray(0, 3), dims));
    bytes[32] = 7;
    bytes.writeUInt32LE(crc32(bytes, 0, 48), 48);
    expect(decodeSegment(bytes, dims).corruptRecords).toBe(1);
  });
});

describe('crc32 (slicing-by-8 against the bitwise definition)', () => {
  function bitwise(bytes: Uint8Array): number {
    let c = 0xffffffff;
    for (const b of bytes) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return (c ^ 0xffffffff) >>> 0;
  }

  it.each([0, 1, 7, 8, 9, 15, 16, 17, 100, 1027])('agrees on %d pseudo-random bytes and on sub-ranges', (length) => {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 2654435761) >>> 24);
    expect(crc32(bytes)).toBe(bitwise(bytes));
    if (length > 5) expect(crc32(bytes, 3, length - 2)).toBe(bitwise(bytes.subarray(3, length - 2)));
  });
});
