/**
 * Interoperability with real numpy: numpy writes, we read; we write, numpy reads and checks the values.
 * Skipped (with a visible reason) only when no python3 with numpy is available; both are present in CI.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SearchError } from '../errors.js';
import { readNpy, writeNpy } from './npy.js';
import { readNpz, writeNpz } from './npz.js';
import { readNpzFile, writeNpzFile } from './npz-file.js';

/** The real interpreter behind `python3` (the pyenv shim is slow), when it can import numpy. */
function findPython(): string | undefined {
  const probe = spawnSync('python3', ['-c', 'import sys, numpy; print(sys.executable)'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}
const python = findPython();

/** Runs a Python script (numpy imported as np, `d` = the temp dir) and returns its stdout. */
function py(script: string): string {
  const result = spawnSync(
    python!,
    ['-I', '-c', `import numpy as np, sys, zipfile, io\nd = sys.argv[1]\n${script}`, dir],
    {
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`python failed: ${result.stderr}`);
  return result.stdout;
}

const dir = mkdtempSync(join(tmpdir(), 'execret-npy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(python === undefined)(
  'numpy interoperability (readNpy, writeNpy, readNpz, writeNpz, readNpzFile, writeNpzFile)',
  () => {
    it('reads every supported dtype and byte order that numpy writes', () => {
      py(`
np.save(f'{d}/f4.npy', np.array([[1.5, -2.25, 3e38], [0.1, -0.0, 1e-45]], dtype='<f4'))
np.save(f'{d}/f8.npy', np.array([np.pi, -1e308, 5e-324], dtype='<f8'))
np.save(f'{d}/i4.npy', np.array([-2**31, 2**31 - 1], dtype='<i4'))
np.save(f'{d}/i8.npy', np.array([-2**63, 2**63 - 1], dtype='<i8'))
np.save(f'{d}/U.npy', np.array(['c_0001', 'naïve😀', '']))
np.save(f'{d}/be.npy', np.array([1.5, -2.0], dtype='>f8'))
np.save(f'{d}/scalar.npy', np.float32(7.5))
np.save(f'{d}/empty.npy', np.zeros((0, 1024), dtype=np.float32))
with open(f'{d}/v2.npy', 'wb') as f:
    np.lib.format.write_array(f, np.arange(3, dtype=np.int32), version=(2, 0))
`);
      const read = (name: string) => readNpy(readFileSync(join(dir, name)));
      const f4 = read('f4.npy');
      expect(f4.dtype).toBe('float32');
      expect(f4.shape).toEqual([2, 3]);
      expect(Array.from(f4.data as Float32Array)).toEqual(
        Array.from(new Float32Array([1.5, -2.25, 3e38, 0.1, -0, 1e-45])),
      );
      expect(Array.from(read('f8.npy').data as Float64Array)).toEqual([Math.PI, -1e308, 5e-324]);
      expect(Array.from(read('i4.npy').data as Int32Array)).toEqual([-(2 ** 31), 2 ** 31 - 1]);
      expect(Array.from(read('i8.npy').data as BigInt64Array)).toEqual([-(2n ** 63n), 2n ** 63n - 1n]);
      expect(read('U.npy')).toEqual({ dtype: 'unicode', shape: [3], data: ['c_0001', 'naïve😀', ''] });
      expect(read('be.npy')).toEqual({ dtype: 'float64', shape: [2], data: new Float64Array([1.5, -2]) });
      expect(read('scalar.npy')).toEqual({ dtype: 'float32', shape: [], data: new Float32Array([7.5]) });
      expect(read('empty.npy')).toEqual({ dtype: 'float32', shape: [0, 1024], data: new Float32Array(0) });
      expect(read('v2.npy')).toEqual({ dtype: 'int32', shape: [3], data: new Int32Array([0, 1, 2]) });
    });

    it('rejects what numpy writes for Fortran-ordered, pickled and float16 arrays', () => {
      py(`
np.save(f'{d}/fortran.npy', np.asfortranarray(np.ones((2, 3), dtype=np.float32)))
np.save(f'{d}/object.npy', np.array([{'a': 1}], dtype=object), allow_pickle=True)
np.save(f'{d}/f2.npy', np.ones(3, dtype=np.float16))
`);
      for (const [name, message] of [
        ['fortran.npy', /fortran_order True/],
        ['object.npy', /'\|O'/],
        ['f2.npy', /'<f2'/],
      ] as const) {
        expect(() => readNpy(readFileSync(join(dir, name)))).toThrow(message);
      }
    });

    it('writes .npy files numpy loads with the same dtype, shape and values', () => {
      const f32 = new Float32Array(939 * 7).map((_, i) => Math.fround(Math.sin(i) * 1e3));
      writeFileSync(join(dir, 'w-f4.npy'), writeNpy(f32, [939, 7]));
      writeFileSync(join(dir, 'w-i8.npy'), writeNpy(new BigInt64Array([-(2n ** 63n), 5n]), [2, 1]));
      writeFileSync(join(dir, 'w-U.npy'), writeNpy(['c_0001', 'ü😀', ''], [3]));
      writeFileSync(join(dir, 'w-scalar.npy'), writeNpy(new Float64Array([-0.5]), []));
      const out = py(`
a = np.load(f'{d}/w-f4.npy')
expected = np.float32(np.sin(np.arange(939 * 7)) * 1e3).reshape(939, 7)
print(a.dtype, a.shape, a.flags['C_CONTIGUOUS'], np.array_equal(a, expected))
b = np.load(f'{d}/w-i8.npy'); print(b.dtype, b.shape, b.ravel().tolist())
u = np.load(f'{d}/w-U.npy'); print(u.dtype, u.tolist() == ['c_0001', 'ü😀', ''])
s = np.load(f'{d}/w-scalar.npy'); print(s.dtype, s.shape, float(s))
`);
      // Math.sin and numpy's sin may differ in the last bit of float64, but not after rounding to float32 here.
      expect(out.trim().split('\n')).toEqual([
        'float32 (939, 7) True True',
        'int64 (2, 1) [-9223372036854775808, 5]',
        '<U6 True',
        'float64 () -0.5',
      ]);
    });

    it('reads archives from np.savez (ZIP64 local headers) and np.savez_compressed', () => {
      py(`
q = np.arange(12, dtype=np.float32).reshape(3, 4)
np.savez(f'{d}/plain.npz', queries=q, ids=np.array(['q_1', 'q_2', 'q_3']))
np.savez_compressed(f'{d}/compressed.npz', queries=q, ids=np.array(['q_1', 'q_2', 'q_3']))
`);
      for (const name of ['plain.npz', 'compressed.npz']) {
        const arrays = readNpz(readFileSync(join(dir, name)));
        expect([...arrays.keys()]).toEqual(['queries', 'ids']);
        expect(arrays.get('queries')).toEqual({
          dtype: 'float32',
          shape: [3, 4],
          data: Float32Array.from({ length: 12 }, (_, i) => i),
        });
        expect(arrays.get('ids')?.data).toEqual(['q_1', 'q_2', 'q_3']);
      }
    });

    it('reads archives with data descriptors, ZIP64 end records and ZIP64 central-directory fields', () => {
      py(`
buf = io.BytesIO()
np.save(buf, np.array([1.0, 2.0]))
member = buf.getvalue()
class Unseekable(io.RawIOBase):
    def __init__(self): self.parts = []
    def writable(self): return True
    def write(self, b): self.parts.append(bytes(b)); return len(b)
stream = Unseekable()
with zipfile.ZipFile(stream, 'w', compression=zipfile.ZIP_DEFLATED) as z:
    with z.open('streamed.npy', 'w') as f: f.write(member)
open(f'{d}/descriptor.npz', 'wb').write(b''.join(stream.parts))
zipfile.ZIP_FILECOUNT_LIMIT = 1   # force a ZIP64 end record for two entries
zipfile.ZIP64_LIMIT = 0           # force ZIP64 sizes and offsets in the central directory
with zipfile.ZipFile(f'{d}/zip64.npz', 'w') as z:
    z.writestr('a.npy', member)
    z.writestr('b.npy', member)
print(zipfile.ZipFile(f'{d}/descriptor.npz').infolist()[0].flag_bits & 8)
`);
      expect(readNpz(readFileSync(join(dir, 'descriptor.npz'))).get('streamed')?.data).toEqual(
        new Float64Array([1, 2]),
      );
      const zip64 = readNpz(readFileSync(join(dir, 'zip64.npz')));
      expect([...zip64.keys()]).toEqual(['a', 'b']);
      expect(zip64.get('b')?.data).toEqual(new Float64Array([1, 2]));
    });

    it('writes archives numpy loads, stored, deflated and with forced ZIP64', async () => {
      const entries = {
        queries: { data: Float32Array.from({ length: 939 * 4 }, (_, i) => i / 7), shape: [939, 4] },
        corpus_ids: { data: Array.from({ length: 5 }, (_, i) => `c_${String(i + 1).padStart(4, '0')}`), shape: [5] },
        ranks: { data: new Int32Array([3, 1, 2]), shape: [3] },
      };
      writeFileSync(join(dir, 'w-plain.npz'), writeNpz(entries));
      writeFileSync(join(dir, 'w-deflate.npz'), writeNpz(entries, { compress: true }));
      writeFileSync(join(dir, 'w-zip64.npz'), writeNpz(entries, { forceZip64: true }));
      await writeNpzFile(join(dir, 'w-file.npz'), entries, { compress: true });
      const out = py(`
expected_q = (np.arange(939 * 4) / 7).astype(np.float32).reshape(939, 4)
for name in ['w-plain', 'w-deflate', 'w-zip64', 'w-file']:
    with np.load(f'{d}/{name}.npz') as z:
        info = zipfile.ZipFile(f'{d}/{name}.npz').infolist()
        print(name, z.files, np.array_equal(z['queries'], expected_q), z['queries'].dtype,
              z['corpus_ids'].tolist(), z['ranks'].tolist(), sorted({i.compress_type for i in info}))
`);
      const ids = "['c_0001', 'c_0002', 'c_0003', 'c_0004', 'c_0005']";
      expect(out.trim().split('\n')).toEqual([
        `w-plain ['queries', 'corpus_ids', 'ranks'] True float32 ${ids} [3, 1, 2] [0]`,
        `w-deflate ['queries', 'corpus_ids', 'ranks'] True float32 ${ids} [3, 1, 2] [8]`,
        `w-zip64 ['queries', 'corpus_ids', 'ranks'] True float32 ${ids} [3, 1, 2] [0]`,
        `w-file ['queries', 'corpus_ids', 'ranks'] True float32 ${ids} [3, 1, 2] [8]`,
      ]);
      const back = await readNpzFile(join(dir, 'w-file.npz'));
      expect(back.get('ranks')?.data).toEqual(new Int32Array([3, 1, 2]));
    });
  },
);

describe('writeNpzFile', () => {
  it('replaces an existing file and leaves no temporary file behind', async () => {
    const path = join(dir, 'atomic.npz');
    await writeNpzFile(path, { a: { data: new Int32Array([1]), shape: [1] } });
    await writeNpzFile(path, { a: { data: new Int32Array([2]), shape: [1] } });
    expect((await readNpzFile(path)).get('a')?.data).toEqual(new Int32Array([2]));
    expect(readdirSync(dir).filter((f) => f.includes('atomic') && f.endsWith('.tmp'))).toEqual([]);
  });

  it('leaves the old file untouched and removes the temporary file when the input is invalid', async () => {
    const path = join(dir, 'keep.npz');
    await writeNpzFile(path, { a: { data: new Int32Array([1]), shape: [1] } });
    await expect(writeNpzFile(path, { a: { data: new Int32Array([1]), shape: [2] } })).rejects.toThrow(RangeError);
    expect((await readNpzFile(path)).get('a')?.data).toEqual(new Int32Array([1]));
    expect(readdirSync(dir).filter((f) => f.includes('keep') && f.endsWith('.tmp'))).toEqual([]);
  });

  it('rejects with the abort reason and writes nothing when the signal is already aborted', async () => {
    const path = join(dir, 'aborted.npz');
    await expect(
      writeNpzFile(
        path,
        { a: { data: new Int32Array([1]), shape: [1] } },
        { signal: AbortSignal.abort(new Error('stop')) },
      ),
    ).rejects.toThrow('stop');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('aborted'))).toEqual([]);
  });
});

describe('readNpzFile', () => {
  it('throws matrix for a file that is not an archive', async () => {
    const path = join(dir, 'not-a-zip.npz');
    writeFileSync(path, 'hello');
    await expect(readNpzFile(path)).rejects.toSatisfy((e: unknown) => SearchError.is(e) && e.code === 'matrix');
  });

  it('rejects with ENOENT when the file is missing', async () => {
    await expect(readNpzFile(join(dir, 'missing.npz'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
