import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EmbeddersError } from '../errors.js';
import type { EmbedKind } from '../types.js';
import { decodeSegment, encodeRecords, recordBytes, recordKey, textHash } from './record.js';

/** Layout version of the cache directory (`<dir>/v1/<configHash>/`, `<dir>/v1/<configHash>-<weights sha256>/`). */
export const EMBEDDING_CACHE_VERSION = 1;

/** The part of an embedder's `info` the cache needs: which vectors, and how wide. */
export interface CacheSpace {
  readonly configHash: string;
  readonly dims: number;
  /** Registry id, written into `meta.json` for people browsing the folder. */
  readonly id?: string;
  /**
   * The weights a local model loaded (`info.weights`; only its digest is used): vectors of other weights under the
   * same settings are kept apart. `null` or absent for models that run elsewhere.
   */
  readonly weights?: { readonly sha256: string } | null;
}

/**
 * The folder name of a cache space: `configHash`, followed by `-` and the weights' SHA-256 when the space has
 * weights, so that swapping the files of a local model (same settings, other weights) never serves the old vectors.
 *
 * @example
 * cacheSpaceFolder({ configHash: 'ab'.repeat(32), dims: 384 }); // 'abab…ab'
 * cacheSpaceFolder({ configHash: 'ab'.repeat(32), dims: 384, weights: { sha256: 'cd'.repeat(32) } }); // 'abab…ab-cdcd…cd'
 */
export function cacheSpaceFolder(space: CacheSpace): string {
  return space.weights ? `${space.configHash}-${space.weights.sha256}` : space.configHash;
}

/** Options of {@link createEmbeddingCache}. */
export interface EmbeddingCacheOptions {
  /**
   * `fsync` each append before it counts as stored (default `true`): survives power loss, not only
   * process death. With `false` a killed process still loses nothing it wrote; a crashed machine may.
   */
  fsync?: boolean;
}

/** Result of {@link EmbeddingCache.lookup}. */
export interface CacheLookup {
  /** Row-major `texts.length × dims`; rows not found are zero. */
  readonly data: Float32Array;
  /** 1 where row `i` was found. */
  readonly found: Uint8Array;
  /** Number of rows found. */
  readonly hits: number;
}

/** Health of one configuration's folder. */
export interface CacheStats {
  readonly configHash: string;
  readonly dims: number;
  /** Distinct (kind, text) vectors available. */
  readonly records: number;
  readonly segments: number;
  /** Total size of the segment files. */
  readonly bytes: number;
  /** Bytes at segment ends that do not form a whole record (writes cut short by a kill); ignored. */
  readonly tornBytes: number;
  /** Whole records with a bad checksum; ignored. */
  readonly corruptRecords: number;
}

/**
 * A persistent, content-addressed store of vectors keyed by (configHash, the weights' digest of a local model, kind,
 * SHA-256 of the text).
 */
export interface EmbeddingCache {
  readonly dir: string;
  /** Looks up `texts` (raw, without prefixes) of `kind`. */
  lookup(space: CacheSpace, kind: EmbedKind, texts: readonly string[]): Promise<CacheLookup>;
  /** Appends vectors (row-major `texts.length × dims`); texts already present are skipped. */
  store(space: CacheSpace, kind: EmbedKind, texts: readonly string[], data: Float32Array): Promise<void>;
  /** Counts records, segments, torn bytes and corrupt records of one configuration. */
  stats(space: CacheSpace): Promise<CacheStats>;
  /**
   * Rewrites one configuration's valid records into a single new segment and deletes the old ones.
   * Only safe while no other process writes to the same configuration.
   */
  compact(space: CacheSpace): Promise<CacheStats>;
  /** Closes open segment files (pending writes finish first). */
  close(): Promise<void>;
}

interface Namespace {
  readonly path: string;
  readonly dims: number;
  readonly vectors: Map<string, Float32Array>;
  tornBytes: number;
  corruptRecords: number;
  segments: number;
  bytes: number;
  writer: FileHandle | null;
  writerPath: string | null;
  chain: Promise<void>;
}

const SEGMENT = /^seg-[\w.-]+\.bin$/;

function checkSpace(space: CacheSpace): void {
  if (typeof space?.configHash !== 'string' || !/^[0-9a-f]{16,128}$/.test(space.configHash)) {
    throw new TypeError(
      `@execret/embedders cache: configHash must be a lowercase hex string, received ${String(space?.configHash)}`,
    );
  }
  if (!Number.isInteger(space.dims) || space.dims < 1) {
    throw new TypeError(`@execret/embedders cache: dims must be a positive integer, received ${String(space.dims)}`);
  }
  const weights = space.weights;
  if (weights !== undefined && weights !== null && !/^[0-9a-f]{64}$/.test(String(weights?.sha256))) {
    throw new TypeError(
      `@execret/embedders cache: weights.sha256 must be 64 lowercase hex digits, received ${String(weights?.sha256)}`,
    );
  }
}

async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}

/**
 * Opens (creating it if needed) an embedding cache in `dir`.
 *
 * Layout: `<dir>/v1/<space>/meta.json` (dims and settings, written atomically; `<space>` is
 * {@link cacheSpaceFolder}: the configHash, and for a local model the weights' digest after a `-`) and append-only
 * segment files `seg-<time>-<pid>-<random>.bin` of fixed-size checksummed records (see `record.ts`).
 * Each process appends only to a segment it created, so a process killed at any moment (even by
 * SIGKILL in the middle of a write) leaves at most a torn tail in its own segment: readers take every
 * whole record whose CRC-32 matches and ignore the rest (reported by `stats`). Nothing is ever
 * rewritten in place; `compact` is the only operation that deletes files.
 *
 * A configuration's segments are read once, on first use, into memory (about `4 · dims` bytes per
 * vector).
 *
 * @example
 * const cache = await createEmbeddingCache('.execret/embeddings');
 * const cached = withCache(embedder, cache);
 * await cached.embed(snippets, { kind: 'document' }); // a rerun calls the provider only for misses
 */
export async function createEmbeddingCache(dir: string, options: EmbeddingCacheOptions = {}): Promise<EmbeddingCache> {
  if (typeof dir !== 'string' || dir === '')
    throw new TypeError('@execret/embedders cache: dir must be a non-empty path');
  const root = join(dir, `v${EMBEDDING_CACHE_VERSION}`);
  await mkdir(root, { recursive: true });
  const fsync = options.fsync ?? true;
  const spaces = new Map<string, Promise<Namespace>>();

  const loadNamespace = async (space: CacheSpace): Promise<Namespace> => {
    const path = join(root, cacheSpaceFolder(space));
    await mkdir(path, { recursive: true });
    const metaPath = join(path, 'meta.json');
    let meta: { dims?: unknown } | undefined;
    try {
      meta = JSON.parse(await readFile(metaPath, 'utf8')) as { dims?: unknown };
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') {
        throw new EmbeddersError('cache', `@execret/embedders cache: unreadable ${metaPath}`, { cause: error });
      }
    }
    if (meta === undefined) {
      const content = {
        format: 'execret-embedding-cache',
        version: EMBEDDING_CACHE_VERSION,
        configHash: space.configHash,
        ...(space.weights ? { weightsSha256: space.weights.sha256 } : {}),
        dims: space.dims,
        ...(space.id === undefined ? {} : { id: space.id }),
        recordBytes: recordBytes(space.dims),
      };
      await writeFileAtomic(metaPath, `${JSON.stringify(content, null, 2)}\n`);
    } else if (meta.dims !== space.dims) {
      throw new EmbeddersError(
        'cache',
        `@execret/embedders cache: ${metaPath} records dims ${String(meta.dims)}, but the embedder produces ${space.dims}`,
      );
    }
    const ns: Namespace = {
      path,
      dims: space.dims,
      vectors: new Map(),
      tornBytes: 0,
      corruptRecords: 0,
      segments: 0,
      bytes: 0,
      writer: null,
      writerPath: null,
      chain: Promise.resolve(),
    };
    const names = (await readdir(path)).filter((name) => SEGMENT.test(name)).sort();
    for (const name of names) {
      const bytes = await readFile(join(path, name));
      const decoded = decodeSegment(bytes, space.dims);
      ns.segments++;
      ns.bytes += bytes.length;
      ns.tornBytes += decoded.tornBytes;
      ns.corruptRecords += decoded.corruptRecords;
      for (const { key, vector } of decoded.records) if (!ns.vectors.has(key)) ns.vectors.set(key, vector);
    }
    return ns;
  };

  const namespace = (space: CacheSpace): Promise<Namespace> => {
    checkSpace(space);
    const folder = cacheSpaceFolder(space);
    let pending = spaces.get(folder);
    if (pending === undefined) {
      pending = loadNamespace(space);
      pending.catch(() => spaces.delete(folder));
      spaces.set(folder, pending);
    }
    return pending.then((ns) => {
      if (ns.dims !== space.dims) {
        throw new EmbeddersError(
          'cache',
          `@execret/embedders cache: ${folder} holds ${ns.dims}-dimension vectors, not ${space.dims}`,
        );
      }
      return ns;
    });
  };

  const append = async (ns: Namespace, bytes: Buffer): Promise<void> => {
    if (ns.writer === null) {
      const name = `seg-${Date.now().toString(36)}-${process.pid}-${randomBytes(4).toString('hex')}.bin`;
      ns.writerPath = join(ns.path, name);
      ns.writer = await open(ns.writerPath, 'a');
      ns.segments++;
    }
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await ns.writer.write(bytes, written, bytes.length - written);
      written += bytesWritten;
    }
    if (fsync) await ns.writer.sync();
    ns.bytes += bytes.length;
  };

  const stats = (space: CacheSpace, ns: Namespace): CacheStats => ({
    configHash: space.configHash,
    dims: ns.dims,
    records: ns.vectors.size,
    segments: ns.segments,
    bytes: ns.bytes,
    tornBytes: ns.tornBytes,
    corruptRecords: ns.corruptRecords,
  });

  const cache: EmbeddingCache = {
    dir,
    async lookup(space, kind, texts) {
      const ns = await namespace(space);
      const dims = ns.dims;
      const data = new Float32Array(texts.length * dims);
      const found = new Uint8Array(texts.length);
      let hits = 0;
      texts.forEach((text, i) => {
        const vector = ns.vectors.get(recordKey(kind, textHash(text)));
        if (vector !== undefined) {
          data.set(vector, i * dims);
          found[i] = 1;
          hits++;
        }
      });
      return { data, found, hits };
    },
    async store(space, kind, texts, data) {
      const ns = await namespace(space);
      const dims = ns.dims;
      if (data.length !== texts.length * dims) {
        throw new RangeError(
          `@execret/embedders cache: data has ${data.length} values, expected ${texts.length} × ${dims}`,
        );
      }
      const run = ns.chain.then(async () => {
        const hashes: Buffer[] = [];
        const rows: number[] = [];
        const keys = new Set<string>();
        texts.forEach((text, i) => {
          const hash = textHash(text);
          const key = recordKey(kind, hash);
          if (ns.vectors.has(key) || keys.has(key)) return;
          keys.add(key);
          hashes.push(hash);
          rows.push(i);
        });
        if (rows.length === 0) return;
        const packed = new Float32Array(rows.length * dims);
        rows.forEach((row, k) => {
          packed.set(data.subarray(row * dims, (row + 1) * dims), k * dims);
        });
        await append(ns, encodeRecords(kind, hashes, packed, dims));
        hashes.forEach((hash, k) => {
          ns.vectors.set(recordKey(kind, hash), packed.slice(k * dims, (k + 1) * dims));
        });
      });
      ns.chain = run.catch(() => undefined);
      return run;
    },
    async stats(space) {
      const ns = await namespace(space);
      await ns.chain;
      return stats(space, ns);
    },
    async compact(space) {
      const ns = await namespace(space);
      const run = ns.chain.then(async () => {
        if (ns.writer !== null) await ns.writer.close();
        ns.writer = null;
        ns.writerPath = null;
        const old = (await readdir(ns.path)).filter((name) => SEGMENT.test(name));
        const byKind = { query: [] as Array<[string, Float32Array]>, document: [] as Array<[string, Float32Array]> };
        for (const entry of ns.vectors) byKind[entry[0].startsWith('q') ? 'query' : 'document'].push(entry);
        const parts: Buffer[] = [];
        for (const kind of ['query', 'document'] as const) {
          const entries = byKind[kind];
          const data = new Float32Array(entries.length * ns.dims);
          entries.forEach(([, vector], k) => {
            data.set(vector, k * ns.dims);
          });
          parts.push(
            encodeRecords(
              kind,
              entries.map(([key]) => Buffer.from(key.slice(1), 'hex')),
              data,
              ns.dims,
            ),
          );
        }
        const content = Buffer.concat(parts);
        const name = `seg-${Date.now().toString(36)}-${process.pid}-${randomBytes(4).toString('hex')}-compact.bin`;
        const temp = join(ns.path, `${name}.tmp`);
        const handle = await open(temp, 'w');
        try {
          await handle.writeFile(content);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, join(ns.path, name));
        for (const file of old) await rm(join(ns.path, file), { force: true });
        ns.segments = 1;
        ns.bytes = (await stat(join(ns.path, name))).size;
        ns.tornBytes = 0;
        ns.corruptRecords = 0;
      });
      ns.chain = run.catch(() => undefined);
      await run;
      return stats(space, ns);
    },
    async close() {
      for (const pending of spaces.values()) {
        const ns = await pending.catch(() => undefined);
        if (ns === undefined) continue;
        await ns.chain;
        if (ns.writer !== null) await ns.writer.close();
        ns.writer = null;
      }
    },
  };
  return cache;
}
