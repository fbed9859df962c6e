import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from '../src/npy/crc32.js';
import { writeNpy } from '../src/npy/npy.js';
import { writeNpz } from '../src/npy/npz.js';

const run = promisify(execFile);
const reader = fileURLToPath(new URL('./helpers/read-hostile.ts', import.meta.url));

/** One member of a hand-made archive: the bytes as stored, and what the central directory says about them. */
interface Member {
  name: string;
  stored: Uint8Array;
  method: 0 | 8;
  crc: number;
  size: number;
}

function member(name: string, data: Uint8Array, method: 0 | 8 = 0): Member {
  return {
    name,
    stored: method === 8 ? new Uint8Array(deflateRawSync(data)) : data,
    method,
    crc: crc32(data),
    size: data.length,
  };
}

/**
 * A ZIP archive written field by field, so that tests can make its directory lie. `directory` lists, per central
 * entry, which member's local header it points at (default: one entry per member); `claimEntries` overrides the
 * entry count of a ZIP64 end record.
 */
function craftZip(members: Member[], options: { directory?: number[]; claimEntries?: bigint } = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let offset = 0;
  const push = (bytes: Uint8Array) => {
    parts.push(bytes);
    offset += bytes.length;
  };
  for (const m of members) {
    const name = Buffer.from(m.name);
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(m.method, 8);
    local.writeUInt32LE(m.crc, 14);
    local.writeUInt32LE(m.stored.length, 18);
    local.writeUInt32LE(m.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    name.copy(local, 30);
    offsets.push(offset);
    push(local);
    push(m.stored);
  }
  const dirOffset = offset;
  const directory = options.directory ?? members.map((_, i) => i);
  for (const i of directory) {
    const m = members[i]!;
    const name = Buffer.from(m.name);
    const central = Buffer.alloc(46 + name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(m.method, 10);
    central.writeUInt32LE(m.crc, 16);
    central.writeUInt32LE(m.stored.length, 20);
    central.writeUInt32LE(m.size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offsets[i]!, 42);
    name.copy(central, 46);
    push(central);
  }
  const dirSize = offset - dirOffset;
  if (options.claimEntries !== undefined) {
    const record = Buffer.alloc(76);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeBigUInt64LE(options.claimEntries, 24);
    record.writeBigUInt64LE(options.claimEntries, 32);
    record.writeBigUInt64LE(BigInt(dirSize), 40);
    record.writeBigUInt64LE(BigInt(dirOffset), 48);
    record.writeUInt32LE(0x07064b50, 56);
    record.writeBigUInt64LE(BigInt(offset), 64);
    record.writeUInt32LE(1, 72);
    push(record);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = options.claimEntries === undefined ? directory.length : 0xffff;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(options.claimEntries === undefined ? dirSize : 0xffffffff, 12);
  end.writeUInt32LE(options.claimEntries === undefined ? dirOffset : 0xffffffff, 16);
  push(end);
  return Buffer.concat(parts);
}

/** An `.npy` file whose header is `header` (padded as numpy pads it) followed by `data`. */
function rawNpy(header: string, data: Uint8Array, version: 1 | 2 = 1): Uint8Array {
  const preamble = version === 1 ? 10 : 12;
  const padded = `${header}${' '.repeat((64 - ((preamble + header.length + 1) % 64)) % 64)}\n`;
  const head = Buffer.alloc(preamble);
  Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, version, 0]).copy(head);
  if (version === 1) head.writeUInt16LE(padded.length, 8);
  else head.writeUInt32LE(padded.length, 8);
  return Buffer.concat([head, Buffer.from(padded, 'latin1'), data]);
}

const MiB = 1024 * 1024;
const zeros64 = new Uint8Array(64 * MiB);
const matrix = (rows: number, dims: number, at?: [number, number, number]) => {
  const data = new Float32Array(rows * dims).map((_, i) => (i % 7) / 7);
  if (at) data[at[0] * dims + at[1]] = at[2];
  return { data, shape: [rows, dims] };
};

/** name, how the file is read, its bytes, and what the error must say. */
const CASES: [string, 'npz' | 'matrices', () => Uint8Array, RegExp][] = [
  [
    'a zip bomb: forty 64 MiB members of deflated zeros, 2.5 GiB in all',
    'npz',
    () => {
      const bomb = member('x.npy', zeros64, 8);
      return craftZip(Array.from({ length: 40 }, (_, i) => ({ ...bomb, name: `x${i}.npy` })));
    },
    /declare more than 2147483648 uncompressed bytes/,
  ],
  [
    'a directory that understates a size (1 KiB declared, 64 MiB inflated)',
    'npz',
    () => craftZip([{ ...member('x.npy', zeros64, 8), size: 1024 }]),
    /inflates to more than the 1024 bytes the directory says/,
  ],
  [
    'a size no deflate stream can produce (1 GiB from 100 bytes)',
    'npz',
    () => craftZip([{ ...member('x.npy', new Uint8Array(100)), method: 8, size: 1024 * MiB }]),
    /more than deflate can produce/,
  ],
  ['a truncated archive', 'npz', () => writeNpz({ a: matrix(10, 8) }).subarray(0, 300), /no end-of-central-directory/],
  [
    'a member whose bytes fail their CRC-32',
    'npz',
    () => {
      const m = member('a.npy', writeNpy(new Float32Array(64), [8, 8]));
      const bad = new Uint8Array(m.stored);
      bad[bad.length - 1] = 1;
      return craftZip([{ ...m, stored: bad }]);
    },
    /fails its CRC-32 check/,
  ],
  [
    'two directory entries over the same bytes (overlapping members)',
    'npz',
    () => craftZip([member('a.npy', writeNpy(new Float32Array(16), [4, 4]))], { directory: [0, 0] }),
    /overlap/,
  ],
  [
    'a ZIP64 end record claiming 2^40 entries',
    'npz',
    () => craftZip([member('a.npy', writeNpy(new Float32Array(4), [2, 2]))], { claimEntries: 1n << 40n }),
    /claims 1099511627776 entries but the \d+-byte central directory has room for at most 1/,
  ],
  [
    'an .npy header of 4 GiB',
    'npz',
    () => {
      const npy = Buffer.from(
        rawNpy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", new Uint8Array(8), 2),
      );
      npy.writeUInt32LE(0xffffffff, 8);
      return craftZip([member('a.npy', npy)]);
    },
    /header declares 4294967295 bytes, more than maxHeaderBytes 10000/,
  ],
  [
    'a shape that needs 4 TiB of data from 16 bytes',
    'npz',
    () =>
      craftZip([
        member(
          'a.npy',
          rawNpy("{'descr': '<f4', 'fortran_order': False, 'shape': (1048576, 1048576), }", new Uint8Array(16)),
        ),
      ]),
    /needs 4398046511104 data bytes, the file has 16/,
  ],
  [
    'a pickled object array',
    'npz',
    () =>
      craftZip([
        member('a.npy', rawNpy("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", new Uint8Array(8))),
      ]),
    /unsupported dtype descriptor '\|O'/,
  ],
  [
    'an integer matrix where embeddings are expected',
    'matrices',
    () => writeNpz({ queries: { data: new Int32Array(12), shape: [3, 4] } }),
    /array "queries" is int32 of shape \[3, 4\], expected a 2-D float32 or float64 matrix/,
  ],
  [
    'a NaN in row 3 of the document matrix',
    'matrices',
    () => writeNpz({ queries: matrix(2, 4), documents: matrix(5, 4, [3, 2, Number.NaN]) }),
    /array "documents" holds NaN at row 3, column 2/,
  ],
];

describe('readNpzFile and importEmbeddingMatrices on broken and hostile files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'execret-hostile-npz-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(CASES)(
    'refuses %s fast, naming the file, with bounded memory',
    async (name, how, make, message) => {
      const file = join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}.npz`);
      await writeFile(file, make());
      const { stdout } = await run(process.execPath, ['--import', 'tsx', reader, how, file], { maxBuffer: 1 << 20 });
      const result = JSON.parse(stdout) as { ok: boolean; code: string; message: string; ms: number; maxRssMb: number };
      expect(result.ok).toBe(false);
      expect(result.code).toBe('matrix');
      expect(result.message).toContain(file);
      expect(result.message).toMatch(message);
      // bounds, not timings: a reader that inflated the bomb would take seconds and gigabytes
      expect(result.ms).toBeLessThan(5_000);
      expect(result.maxRssMb).toBeLessThan(512);
    },
    60_000,
  );
});
