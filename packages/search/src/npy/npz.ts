import { SearchError } from '../errors.js';
import { type NpyArray, type NpyData, type ReadNpyOptions, readNpy, writeNpy } from './npy.js';
import { readZip, zipChunks } from './zip.js';

/** An array to write: its data in C order and its shape (see {@link writeNpy}). */
export interface NpyInput {
  data: NpyData;
  shape: readonly number[];
}

/**
 * Largest total of uncompressed member sizes {@link readNpz} accepts by default: 2 GiB, room for the release's
 * biggest matrices (4,694 × 3,072 float32 ≈ 58 MB) many times over, and far below what would exhaust memory.
 */
export const DEFAULT_MAX_NPZ_BYTES = 2 * 1024 ** 3;

/** Options of {@link readNpz} and `readNpzFile`. */
export interface ReadNpzOptions extends ReadNpyOptions {
  /**
   * Largest archive, and largest total of uncompressed member sizes, in bytes (default
   * {@link DEFAULT_MAX_NPZ_BYTES}); checked against the central directory before anything is inflated.
   */
  maxBytes?: number;
}

/** Options of {@link writeNpz} and `writeNpzFile`. */
export interface NpzWriteOptions {
  /** Deflate every member, like `np.savez_compressed`; default `false` (stored, like `np.savez`). */
  compress?: boolean;
  /**
   * Write ZIP64 records for every member (numpy itself always writes ZIP64 local headers); default
   * `false`: only where a size, offset or count needs them.
   */
  forceZip64?: boolean;
}

const NAME_RE = /^[^\0/\\]+$/;

/** The archive's members as [name, .npy bytes] pairs, validated. */
function members(
  entries: Record<string, NpyInput> | ReadonlyMap<string, NpyInput>,
  component: string,
): { name: string; data: Uint8Array }[] {
  if (entries === null || typeof entries !== 'object') {
    throw new TypeError(`@execret/search ${component}: entries must be an object or a Map of { data, shape }`);
  }
  const pairs = entries instanceof Map ? [...entries] : Object.entries(entries);
  return pairs.map(([key, value]) => {
    if (typeof key !== 'string' || !NAME_RE.test(key)) {
      throw new TypeError(
        `@execret/search ${component}: array name ${JSON.stringify(key)} must be non-empty without '/', '\\' or NUL`,
      );
    }
    if (value === null || typeof value !== 'object' || !('data' in value) || !('shape' in value)) {
      throw new TypeError(`@execret/search ${component}: entry '${key}' must be { data, shape }`);
    }
    return { name: `${key}.npy`, data: writeNpy(value.data, value.shape) };
  });
}

/**
 * Serialises named arrays as an `.npz` archive — a ZIP file with one `<name>.npy` member per array, in
 * iteration order — like `np.savez` (stored) or, with `compress: true`, `np.savez_compressed` (deflate).
 * Members carry a fixed 1980-01-01 timestamp, so equal inputs give equal bytes.
 *
 * @param entries arrays by name; `np.load(file)[name]` returns each.
 * @throws TypeError for a malformed entry or a name containing '/', '\\' or NUL (or empty).
 * @throws RangeError as {@link writeNpy} for a shape that does not match its data.
 * @example
 * const bytes = writeNpz({
 *   queries: { data: new Float32Array(939 * 1024), shape: [939, 1024] },
 *   query_ids: { data: ['q_0001', 'q_0002'], shape: [2] },
 * }, { compress: true });
 */
export function writeNpz(
  entries: Record<string, NpyInput> | ReadonlyMap<string, NpyInput>,
  options: NpzWriteOptions = {},
): Uint8Array {
  const chunks = [...npzChunks(entries, options, 'writeNpz')];
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The bytes of an `.npz` archive in consecutive chunks (for streaming to a file). @internal */
export function npzChunks(
  entries: Record<string, NpyInput> | ReadonlyMap<string, NpyInput>,
  options: NpzWriteOptions,
  component: string,
): Generator<Uint8Array> {
  return zipChunks(members(entries, component), {
    compress: options.compress ?? false,
    forceZip64: options.forceZip64 ?? false,
  });
}

/**
 * Parses an `.npz` archive (as written by `np.savez`, `np.savez_compressed` or {@link writeNpz}) into its
 * arrays, keyed like `np.load`: a member `name.npy` is returned as `name` (other member names unchanged),
 * in archive order. Stored and deflated members, data descriptors and ZIP64 are handled; sizes and CRC-32
 * are checked. Hostile archives (zip bombs, sizes the directory lies about, overlapping members, ZIP64 records
 * claiming impossible counts, huge `.npy` headers) are refused before anything large is allocated; memory is
 * bounded by `maxBytes` plus the archive itself.
 *
 * @throws SearchError `matrix` for a corrupt, unsupported or over-limit archive, a member that is not a
 *   supported `.npy` array (see {@link readNpy}), or two members with the same key.
 * @example
 * const arrays = readNpz(readFileSync('embeddings/bge-large-en-v1.5.npz'));
 * const queries = arrays.get('queries'); // { dtype: 'float32', shape: [939, 1024], data: Float32Array }
 */
export function readNpz(bytes: Uint8Array, options: ReadNpzOptions = {}): Map<string, NpyArray> {
  if (!(bytes instanceof Uint8Array))
    throw new TypeError('@execret/search readNpz: expected a Uint8Array of file bytes');
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_NPZ_BYTES;
  if (!(maxBytes > 0)) throw new RangeError(`@execret/search readNpz: maxBytes must be > 0, received ${maxBytes}`);
  const out = new Map<string, NpyArray>();
  for (const { name, data } of readZip(bytes, 'readNpz', { maxBytes })) {
    const key = name.endsWith('.npy') ? name.slice(0, -4) : name;
    if (out.has(key)) throw new SearchError('matrix', `@execret/search readNpz: two members are named '${key}'`);
    try {
      out.set(key, readNpy(data, options));
    } catch (error) {
      if (SearchError.is(error)) {
        throw new SearchError(
          'matrix',
          `@execret/search readNpz: member '${name}': ${error.message.replace(/^@execret\/search readNpy: /, '')}`,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
  }
  return out;
}
