import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import type { EmbedKind } from '../types.js';

/** Whether float32 bytes can be copied as they are (every platform Node supports today is little-endian). */
const LITTLE_ENDIAN = endianness() === 'LE';

/*
 * Segment record layout (little-endian), fixed size for a given `dims`:
 *
 *   offset 0        32 bytes  SHA-256 of the UTF-8 text
 *   offset 32        1 byte   kind: 0 = query, 1 = document
 *   offset 33        3 bytes  zero (keeps the vector 4-byte aligned)
 *   offset 36   4·dims bytes  float32 vector
 *   offset 36+4·dims 4 bytes  CRC-32 (IEEE) of bytes [0, 36 + 4·dims)
 *
 * A record counts only when all its bytes are present and the CRC matches.
 */

/** Bytes before the vector. */
const RECORD_HEADER_BYTES = 36;

/**
 * Size in bytes of one record of `dims` dimensions: `40 + 4 · dims`.
 *
 * @example
 * recordBytes(3072); // 12328
 */
export function recordBytes(dims: number): number {
  return RECORD_HEADER_BYTES + 4 * dims + 4;
}

/** Slicing-by-8 tables: `CRC_TABLES[0]` is the classic byte table, `CRC_TABLES[k]` advances k more bytes. */
const CRC_TABLES = (() => {
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  const t0 = tables[0] as Uint32Array;
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t0[n] = c >>> 0;
  }
  for (let k = 1; k < 8; k++) {
    const prev = tables[k - 1] as Uint32Array;
    const cur = tables[k] as Uint32Array;
    for (let n = 0; n < 256; n++) cur[n] = ((prev[n] as number) >>> 8) ^ (t0[(prev[n] as number) & 0xff] as number);
  }
  return tables;
})();

/**
 * CRC-32 (IEEE 802.3, reflected, init and final XOR 0xFFFFFFFF) of `bytes[start, end)`, computed
 * eight bytes at a time.
 *
 * @example
 * crc32(Buffer.from('123456789')); // 0xcbf43926
 */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = CRC_TABLES as [
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
  ];
  let c = 0xffffffff;
  let i = start;
  for (; i + 8 <= end; i += 8) {
    const one =
      (c ^
        ((bytes[i] as number) |
          ((bytes[i + 1] as number) << 8) |
          ((bytes[i + 2] as number) << 16) |
          ((bytes[i + 3] as number) << 24))) >>>
      0;
    const two =
      ((bytes[i + 4] as number) |
        ((bytes[i + 5] as number) << 8) |
        ((bytes[i + 6] as number) << 16) |
        ((bytes[i + 7] as number) << 24)) >>>
      0;
    c =
      (t7[one & 0xff] as number) ^
      (t6[(one >>> 8) & 0xff] as number) ^
      (t5[(one >>> 16) & 0xff] as number) ^
      (t4[one >>> 24] as number) ^
      (t3[two & 0xff] as number) ^
      (t2[(two >>> 8) & 0xff] as number) ^
      (t1[(two >>> 16) & 0xff] as number) ^
      (t0[two >>> 24] as number);
  }
  for (; i < end; i++) c = (t0[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * SHA-256 of the UTF-8 bytes of `text`, the content address of a cache entry.
 *
 * @example
 * textHash('').toString('hex'); // 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
 */
export function textHash(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Lookup key of a record: kind letter plus the hex text hash. */
export function recordKey(kind: EmbedKind, hash: Uint8Array): string {
  return (kind === 'query' ? 'q' : 'd') + Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString('hex');
}

/**
 * Encodes records for `hashes[i]` with vector row `i` of `data` (row-major, `dims` columns).
 *
 * @example
 * encodeRecords('query', [textHash('a')], new Float32Array([1, 2]), 2).length; // 48
 */
export function encodeRecords(
  kind: EmbedKind,
  hashes: readonly Uint8Array[],
  data: Float32Array,
  dims: number,
): Buffer {
  const size = recordBytes(dims);
  const out = Buffer.alloc(hashes.length * size);
  hashes.forEach((hash, r) => {
    const off = r * size;
    out.set(hash, off);
    out[off + 32] = kind === 'query' ? 0 : 1;
    const vector = data.subarray(r * dims, (r + 1) * dims);
    if (LITTLE_ENDIAN)
      out.set(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength), off + RECORD_HEADER_BYTES);
    else for (let c = 0; c < dims; c++) out.writeFloatLE(vector[c] as number, off + RECORD_HEADER_BYTES + 4 * c);
    out.writeUInt32LE(crc32(out, off, off + size - 4), off + size - 4);
  });
  return out;
}

/** What {@link decodeSegment} found in one segment file. */
export interface DecodedSegment {
  /** Valid records in file order. */
  readonly records: Array<{ key: string; vector: Float32Array }>;
  /** Bytes after the last whole record (a write cut short). */
  readonly tornBytes: number;
  /** Whole records whose CRC or kind byte is wrong. */
  readonly corruptRecords: number;
}

/**
 * Decodes a segment: every whole record with a matching CRC and a valid kind byte; the rest is counted,
 * never returned.
 *
 * @example
 * const bytes = encodeRecords('document', [textHash('x')], new Float32Array([0.5]), 1);
 * decodeSegment(bytes.subarray(0, bytes.length - 1), 1); // { records: [], tornBytes: 43, corruptRecords: 0 }
 */
export function decodeSegment(bytes: Uint8Array, dims: number): DecodedSegment {
  const size = recordBytes(dims);
  const whole = Math.floor(bytes.length / size);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: Array<{ key: string; vector: Float32Array }> = [];
  let corruptRecords = 0;
  for (let r = 0; r < whole; r++) {
    const off = r * size;
    const kindByte = bytes[off + 32];
    if (
      (kindByte !== 0 && kindByte !== 1) ||
      view.getUint32(off + size - 4, true) !== crc32(bytes, off, off + size - 4)
    ) {
      corruptRecords++;
      continue;
    }
    const vector = new Float32Array(dims);
    const start = off + RECORD_HEADER_BYTES;
    if (LITTLE_ENDIAN) new Uint8Array(vector.buffer).set(bytes.subarray(start, start + 4 * dims));
    else for (let c = 0; c < dims; c++) vector[c] = view.getFloat32(start + 4 * c, true);
    records.push({ key: recordKey(kindByte === 0 ? 'query' : 'document', bytes.subarray(off, off + 32)), vector });
  }
  return { records, tornBytes: bytes.length - whole * size, corruptRecords };
}
