import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SearchError } from '../errors.js';
import type { NpyArray } from './npy.js';
import {
  DEFAULT_MAX_NPZ_BYTES,
  type NpyInput,
  type NpzWriteOptions,
  npzChunks,
  type ReadNpzOptions,
  readNpz,
} from './npz.js';

/**
 * Reads an `.npz` file; see {@link readNpz}. A file larger than `maxBytes` is refused before it is read. Errors
 * name the file.
 *
 * @throws SearchError `matrix` for a corrupt, unsupported or over-limit archive (the message starts with the
 *   path); file-system errors as thrown by `node:fs` (e.g. `ENOENT`).
 * @example
 * const arrays = await readNpzFile('embeddings/gemini-embedding-2.npz');
 * for (const [name, array] of arrays) console.log(name, array.dtype, array.shape);
 */
export async function readNpzFile(
  path: string,
  options: ReadNpzOptions & { signal?: AbortSignal } = {},
): Promise<Map<string, NpyArray>> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_NPZ_BYTES;
  const { size } = await stat(path);
  if (size > maxBytes) {
    throw new SearchError(
      'matrix',
      `@execret/search readNpzFile: ${path}: the file has ${size} bytes, more than maxBytes ${maxBytes}`,
    );
  }
  const bytes = await readFile(path, options.signal === undefined ? {} : { signal: options.signal });
  try {
    return readNpz(bytes, options);
  } catch (error) {
    if (!SearchError.is(error)) throw error;
    throw new SearchError(
      'matrix',
      error.message.replace('@execret/search readNpz:', `@execret/search readNpzFile: ${path}:`),
      {
        cause: error,
      },
    );
  }
}

/**
 * Writes named arrays to an `.npz` file atomically: the archive is streamed to a temporary file in the
 * same directory, flushed to disk, then renamed over `path`, so readers see the old file or the complete
 * new one, never a partial write. The temporary file is removed on failure. See {@link writeNpz} for the
 * format and options.
 *
 * @example
 * await writeNpzFile('out/bge-large.npz', {
 *   queries: { data: queryVectors, shape: [939, 1024] },
 *   documents: { data: docVectors, shape: [4694, 1024] },
 *   corpus_ids: { data: corpusIds, shape: [4694] },
 * });
 */
export async function writeNpzFile(
  path: string,
  entries: Record<string, NpyInput> | ReadonlyMap<string, NpyInput>,
  options: NpzWriteOptions & { signal?: AbortSignal } = {},
): Promise<void> {
  const chunks = npzChunks(entries, options, 'writeNpzFile');
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx');
  let ok = false;
  try {
    for (const chunk of chunks) {
      options.signal?.throwIfAborted();
      for (let offset = 0; offset < chunk.length; ) {
        const { bytesWritten } = await handle.write(chunk, offset, Math.min(chunk.length - offset, 2 ** 30));
        offset += bytesWritten;
      }
    }
    await handle.sync();
    await handle.close();
    options.signal?.throwIfAborted();
    await rename(temp, path);
    ok = true;
  } finally {
    if (!ok) {
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true });
    }
  }
}
