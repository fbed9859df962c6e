/**
 * A small ZIP reader and writer (PKWARE APPNOTE 6.3), enough for `.npz` archives: stored (method 0) and
 * deflated (method 8) entries, data descriptors, ZIP64 sizes, offsets and entry counts, UTF-8 and CP437
 * names. Not supported (rejected with `matrix`): encryption, split archives, other compression methods.
 *
 * @internal
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { SearchError } from '../errors.js';
import { crc32 } from './crc32.js';

/** One file of an archive, uncompressed. */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_END64 = 0x06064b50;
const SIG_LOCATOR64 = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
/** Characters of CP437 bytes 0x80–0xFF (names without the UTF-8 flag use this code page). */
const CP437_HIGH =
  '\u00c7\u00fc\u00e9\u00e2\u00e4\u00e0\u00e5\u00e7\u00ea\u00eb\u00e8\u00ef\u00ee\u00ec\u00c4\u00c5\u00c9\u00e6\u00c6\u00f4\u00f6\u00f2\u00fb\u00f9\u00ff\u00d6\u00dc\u00a2\u00a3\u00a5\u20a7\u0192\u00e1\u00ed\u00f3\u00fa\u00f1\u00d1\u00aa\u00ba\u00bf\u2310\u00ac\u00bd\u00bc\u00a1\u00ab\u00bb\u2591\u2592\u2593\u2502\u2524\u2561\u2562\u2556\u2555\u2563\u2551\u2557\u255d\u255c\u255b\u2510\u2514\u2534\u252c\u251c\u2500\u253c\u255e\u255f\u255a\u2554\u2569\u2566\u2560\u2550\u256c\u2567\u2568\u2564\u2565\u2559\u2558\u2552\u2553\u256b\u256a\u2518\u250c\u2588\u2584\u258c\u2590\u2580\u03b1\u00df\u0393\u03c0\u03a3\u03c3\u00b5\u03c4\u03a6\u0398\u03a9\u03b4\u221e\u03c6\u03b5\u2229\u2261\u00b1\u2265\u2264\u2320\u2321\u00f7\u2248\u00b0\u2219\u00b7\u221a\u207f\u00b2\u25a0\u00a0';

function zipError(component: string, message: string, cause?: unknown): SearchError {
  return new SearchError('matrix', `@execret/search ${component}: ${message}`, cause === undefined ? {} : { cause });
}

function readU64(view: DataView, offset: number, component: string): number {
  const value = view.getBigUint64(offset, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw zipError(component, `a ZIP64 field (${value}) exceeds 2^53`);
  return Number(value);
}

function decodeName(bytes: Uint8Array, utf8: boolean, component: string): string {
  if (utf8) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (error) {
      throw zipError(component, 'an entry name flagged UTF-8 is not valid UTF-8', error);
    }
  }
  let s = '';
  for (const b of bytes) s += b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80]!;
  return s;
}

/** Limits of {@link readZip}: what a hostile archive may make the reader allocate. */
export interface ZipReadLimits {
  /** Largest total of uncompressed entry sizes, in bytes. */
  maxBytes: number;
}

/**
 * The most a deflate stream can expand: 1032 output bytes per input byte (a run of 258-byte matches coded in
 * 2 bits each), plus a little for the stream's ends. A directory that claims more is lying.
 */
const MAX_DEFLATE_RATIO = 1032;

/**
 * Reads every file entry of a ZIP archive from its central directory, in directory order; directory
 * entries (names ending in `/`) are skipped. Each entry's size and CRC-32 are verified.
 *
 * Hostile archives are answered before anything large is allocated: the entry count must fit the central
 * directory (46 bytes an entry at least); the sum of the declared uncompressed sizes must stay within
 * `limits.maxBytes`; a deflated entry may not declare more than deflate can produce from its compressed
 * bytes; entries may not overlap each other or the central directory (the "overlapping files" bomb); and an
 * entry is inflated with its declared size as the hard output limit, so a directory that understates a size
 * costs at most that size.
 *
 * @throws SearchError `matrix` when the archive is truncated, corrupt, encrypted, split, over the limits,
 *   or uses a compression method other than stored and deflate.
 */
export function readZip(bytes: Uint8Array, component: string, limits: ZipReadLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes plus a comment of up to 65,535 bytes, at the end of the file.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - U16_MAX); i--) {
    if (view.getUint32(i, true) === SIG_END && i + 22 + view.getUint16(i + 20, true) === bytes.length) {
      end = i;
      break;
    }
  }
  if (end < 0)
    throw zipError(component, 'not a ZIP archive (no end-of-central-directory record); the file may be truncated');
  let entries = view.getUint16(end + 10, true);
  let dirSize = view.getUint32(end + 12, true);
  let dirOffset = view.getUint32(end + 16, true);
  const disk = view.getUint16(end + 4, true);
  if (disk !== 0 && disk !== U16_MAX) throw zipError(component, 'split (multi-disk) archives are not supported');
  if (entries === U16_MAX || dirSize === U32_MAX || dirOffset === U32_MAX) {
    const locator = end - 20;
    if (locator < 0 || view.getUint32(locator, true) !== SIG_LOCATOR64) {
      throw zipError(component, 'the end record asks for ZIP64 but there is no ZIP64 locator');
    }
    const end64 = readU64(view, locator + 8, component);
    if (end64 + 56 > bytes.length || view.getUint32(end64, true) !== SIG_END64) {
      throw zipError(component, 'the ZIP64 end-of-central-directory record is missing or corrupt');
    }
    entries = readU64(view, end64 + 32, component);
    dirSize = readU64(view, end64 + 40, component);
    dirOffset = readU64(view, end64 + 48, component);
  }
  if (dirOffset + dirSize > bytes.length)
    throw zipError(component, 'the central directory lies beyond the end of the file');
  if (entries > Math.floor(dirSize / 46)) {
    throw zipError(
      component,
      `the end record claims ${entries} entries but the ${dirSize}-byte central directory has room for at most ${Math.floor(dirSize / 46)}`,
    );
  }
  const planned: { name: string; method: number; crc: number; size: number; start: number; compressedSize: number }[] =
    [];
  const spans: [number, number, string][] = [];
  let declared = 0;
  let p = dirOffset;
  for (let e = 0; e < entries; e++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== SIG_CENTRAL) {
      throw zipError(component, `central directory entry ${e} is corrupt`);
    }
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const crc = view.getUint32(p + 16, true);
    let compressedSize = view.getUint32(p + 20, true);
    let size = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    let localOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLength + extraLength + commentLength > bytes.length) {
      throw zipError(component, `central directory entry ${e} extends beyond the end of the file`);
    }
    const name = decodeName(bytes.subarray(p + 46, p + 46 + nameLength), (flags & 0x800) !== 0, component);
    // ZIP64 extra field: the 64-bit values of the fields that hold 0xFFFFFFFF, in this order.
    let x = p + 46 + nameLength;
    const extraEnd = x + extraLength;
    while (x + 4 <= extraEnd) {
      const id = view.getUint16(x, true);
      const length = view.getUint16(x + 2, true);
      if (id === ZIP64_EXTRA) {
        let q = x + 4;
        if (size === U32_MAX) {
          size = readU64(view, q, component);
          q += 8;
        }
        if (compressedSize === U32_MAX) {
          compressedSize = readU64(view, q, component);
          q += 8;
        }
        if (localOffset === U32_MAX) localOffset = readU64(view, q, component);
      }
      x += 4 + length;
    }
    p = extraEnd + commentLength;
    if (name.endsWith('/')) continue;
    if ((flags & 0x1) !== 0) throw zipError(component, `entry '${name}' is encrypted`);
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== SIG_LOCAL) {
      throw zipError(component, `the local header of entry '${name}' is missing or corrupt`);
    }
    // Sizes come from the central directory: local headers may hold zeros (data descriptor, flag bit 3).
    const start = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (start + compressedSize > bytes.length)
      throw zipError(component, `entry '${name}' extends beyond the end of the file`);
    if (start + compressedSize > dirOffset) throw zipError(component, `entry '${name}' overlaps the central directory`);
    if (method !== 0 && method !== 8) {
      throw zipError(
        component,
        `entry '${name}' uses compression method ${method}; supported: 0 (stored), 8 (deflate)`,
      );
    }
    if (method === 0 && size !== compressedSize) {
      throw zipError(component, `stored entry '${name}' has ${compressedSize} bytes, the directory says ${size}`);
    }
    if (method === 8 && size > MAX_DEFLATE_RATIO * compressedSize + 1024) {
      throw zipError(
        component,
        `entry '${name}' claims ${size} bytes from ${compressedSize} deflated bytes, more than deflate can produce`,
      );
    }
    declared += size;
    if (declared > limits.maxBytes) {
      throw zipError(
        component,
        `the entries declare more than ${limits.maxBytes} uncompressed bytes (the reader's limit; raise maxBytes to read larger archives)`,
      );
    }
    spans.push([localOffset, start + compressedSize, name]);
    planned.push({ name, method, crc, size, start, compressedSize });
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) {
    const [begin, , name] = spans[i]!;
    const [, previousEnd, previousName] = spans[i - 1]!;
    if (begin < previousEnd) throw zipError(component, `entries '${previousName}' and '${name}' overlap`);
  }
  const out: ZipEntry[] = [];
  for (const { name, method, crc, size, start, compressedSize } of planned) {
    const stored = bytes.subarray(start, start + compressedSize);
    let data: Uint8Array;
    if (method === 0) {
      data = stored;
    } else {
      try {
        // One byte of slack so that an entry inflating to more than it declares is told apart from one that fits.
        data = new Uint8Array(inflateRawSync(stored, { maxOutputLength: Math.max(1, size + 1) }));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
          throw zipError(component, `entry '${name}' inflates to more than the ${size} bytes the directory says`);
        }
        throw zipError(component, `entry '${name}' does not inflate`, error);
      }
    }
    if (data.length !== size)
      throw zipError(component, `entry '${name}' has ${data.length} bytes, the directory says ${size}`);
    if (crc32(data) !== crc) throw zipError(component, `entry '${name}' fails its CRC-32 check`);
    out.push({ name, data });
  }
  return out;
}

/** Options of {@link zipChunks}. */
export interface ZipWriteOptions {
  /** Deflate entries (as `np.savez_compressed`) instead of storing them (as `np.savez`). */
  compress: boolean;
  /** Write ZIP64 records for every entry even when no size, offset or count needs them. */
  forceZip64: boolean;
}

/** DOS date of 1980-01-01, 00:00:00 (entries carry a fixed timestamp so that output is reproducible). */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * Yields the bytes of a ZIP archive holding `entries`, in order: for each entry a local header and its
 * data, then the central directory, the ZIP64 end records when needed, and the end record.
 */
export function* zipChunks(entries: Iterable<ZipEntry>, options: ZipWriteOptions): Generator<Uint8Array> {
  const central: Uint8Array[] = [];
  let offset = 0;
  let count = 0;
  let anyZip64 = options.forceZip64;
  for (const entry of entries) {
    const nameBytes = new TextEncoder().encode(entry.name);
    const utf8 = /[\u0080-\uffff]/.test(entry.name);
    const body = options.compress ? new Uint8Array(deflateRawSync(entry.data)) : entry.data;
    const crc = crc32(entry.data);
    const zip64 = options.forceZip64 || entry.data.length >= U32_MAX || body.length >= U32_MAX || offset >= U32_MAX;
    anyZip64 ||= zip64;
    const method = options.compress ? 8 : 0;
    const version = zip64 ? 45 : 20;
    const flags = utf8 ? 0x800 : 0;
    // Local header: a ZIP64 extra holds both sizes (the 32-bit fields read 0xFFFFFFFF).
    const local = new Uint8Array(30 + nameBytes.length + (zip64 ? 20 : 0));
    const lv = new DataView(local.buffer);
    lv.setUint32(0, SIG_LOCAL, true);
    lv.setUint16(4, version, true);
    lv.setUint16(6, flags, true);
    lv.setUint16(8, method, true);
    lv.setUint16(10, 0, true);
    lv.setUint16(12, DOS_DATE, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, zip64 ? U32_MAX : body.length, true);
    lv.setUint32(22, zip64 ? U32_MAX : entry.data.length, true);
    lv.setUint16(26, nameBytes.length, true);
    lv.setUint16(28, zip64 ? 20 : 0, true);
    local.set(nameBytes, 30);
    if (zip64) {
      const x = 30 + nameBytes.length;
      lv.setUint16(x, ZIP64_EXTRA, true);
      lv.setUint16(x + 2, 16, true);
      lv.setBigUint64(x + 4, BigInt(entry.data.length), true);
      lv.setBigUint64(x + 12, BigInt(body.length), true);
    }
    // Central directory entry: a ZIP64 extra holds sizes and offset.
    const header = new Uint8Array(46 + nameBytes.length + (zip64 ? 28 : 0));
    const cv = new DataView(header.buffer);
    cv.setUint32(0, SIG_CENTRAL, true);
    cv.setUint16(4, (3 << 8) | version, true); // made by: Unix
    cv.setUint16(6, version, true);
    cv.setUint16(8, flags, true);
    cv.setUint16(10, method, true);
    cv.setUint16(12, 0, true);
    cv.setUint16(14, DOS_DATE, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, zip64 ? U32_MAX : body.length, true);
    cv.setUint32(24, zip64 ? U32_MAX : entry.data.length, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint16(30, zip64 ? 28 : 0, true);
    cv.setUint32(38, (0o100644 << 16) >>> 0, true); // regular file, rw-r--r--
    cv.setUint32(42, zip64 ? U32_MAX : offset, true);
    header.set(nameBytes, 46);
    if (zip64) {
      const x = 46 + nameBytes.length;
      cv.setUint16(x, ZIP64_EXTRA, true);
      cv.setUint16(x + 2, 24, true);
      cv.setBigUint64(x + 4, BigInt(entry.data.length), true);
      cv.setBigUint64(x + 12, BigInt(body.length), true);
      cv.setBigUint64(x + 20, BigInt(offset), true);
    }
    central.push(header);
    yield local;
    yield body;
    offset += local.length + body.length;
    count++;
  }
  const dirOffset = offset;
  let dirSize = 0;
  for (const header of central) {
    yield header;
    dirSize += header.length;
  }
  const needs64 = anyZip64 || count >= U16_MAX || dirOffset >= U32_MAX || dirSize >= U32_MAX;
  if (needs64) {
    const end64Offset = dirOffset + dirSize;
    const record = new Uint8Array(56 + 20);
    const v = new DataView(record.buffer);
    v.setUint32(0, SIG_END64, true);
    v.setBigUint64(4, 44n, true); // size of the rest of the record
    v.setUint16(12, (3 << 8) | 45, true);
    v.setUint16(14, 45, true);
    v.setBigUint64(24, BigInt(count), true);
    v.setBigUint64(32, BigInt(count), true);
    v.setBigUint64(40, BigInt(dirSize), true);
    v.setBigUint64(48, BigInt(dirOffset), true);
    v.setUint32(56, SIG_LOCATOR64, true);
    v.setBigUint64(64, BigInt(end64Offset), true);
    v.setUint32(72, 1, true); // total number of disks
    yield record;
  }
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, SIG_END, true);
  ev.setUint16(8, needs64 ? U16_MAX : count, true);
  ev.setUint16(10, needs64 ? U16_MAX : count, true);
  ev.setUint32(12, needs64 ? U32_MAX : dirSize, true);
  ev.setUint32(16, needs64 ? U32_MAX : dirOffset, true);
  yield end;
}
