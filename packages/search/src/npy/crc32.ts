import * as zlib from 'node:zlib';

let table: Uint32Array | undefined;

function crcTable(): Uint32Array {
  if (table === undefined) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  return table;
}

/**
 * CRC-32 (ISO-HDLC: reflected polynomial 0xEDB88320, initial and final XOR 0xFFFFFFFF), the checksum of
 * ZIP entries, as an unsigned 32-bit integer. Table-driven in JavaScript; `zlib.crc32` (Node ≥ 20.15)
 * is used instead when present.
 *
 * @example
 * crc32(new TextEncoder().encode('123456789')); // 0xcbf43926
 */
export function crc32(bytes: Uint8Array): number {
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  if (typeof native === 'function') return native(bytes) >>> 0;
  return crc32Js(bytes);
}

/** The JavaScript implementation of {@link crc32} (exported for tests). */
export function crc32Js(bytes: Uint8Array): number {
  const t = crcTable();
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
