import { join } from 'node:path';

/** Where transformers.js looked a model up, as {@link transformersFileCandidates} needs it. */
export interface TransformersLookup {
  /** The model's local folder: `<localModelPath>/<name>`. */
  readonly folder: string;
  /** The name transformers.js looked up (a repository id such as `Xenova/all-MiniLM-L6-v2`, or a folder's name). */
  readonly name: string;
  /** The revision asked for (`main` when unpinned). */
  readonly revision: string;
  /** transformers.js' file-system cache folder (`env.cacheDir` while `env.useFSCache`), `null` when it has none. */
  readonly fileCacheDir: string | null;
}

/**
 * The paths a model file may have been read from, in the order transformers.js (4.x, in Node) tries them: its
 * file-system cache first — under the local path itself (`<cacheDir>/<folder>/<file>`), then under the cache key
 * (`<cacheDir>/<name>/<file>`, or `<cacheDir>/<name>/<revision>/<file>` for a revision other than `main`) — and
 * then the local folder (`<folder>/<file>`). The first that exists is the file that was loaded. A downloaded file
 * is stored under the cache key, so it is found there too.
 *
 * @example
 * transformersFileCandidates('onnx/model.onnx', {
 *   folder: '/m/Xenova/all-MiniLM-L6-v2', name: 'Xenova/all-MiniLM-L6-v2', revision: 'main', fileCacheDir: '/m',
 * });
 * // ['/m/m/Xenova/all-MiniLM-L6-v2/onnx/model.onnx', '/m/Xenova/all-MiniLM-L6-v2/onnx/model.onnx',
 * //  '/m/Xenova/all-MiniLM-L6-v2/onnx/model.onnx']
 */
export function transformersFileCandidates(file: string, lookup: TransformersLookup): string[] {
  const local = join(lookup.folder, file);
  if (lookup.fileCacheDir === null) return [local];
  const key = lookup.revision === 'main' ? join(lookup.name, file) : join(lookup.name, lookup.revision, file);
  return [join(lookup.fileCacheDir, local), join(lookup.fileCacheDir, key), local];
}
