/**
 * The small release-format datasets bundled with the package (`data/<name>/` in the package root): `mini`
 * (Python) and `mini-js` (the same 100 tasks in JavaScript).
 */
import { fileURLToPath } from 'node:url';

/** Names of the bundled datasets, as `loadExecRetrieval` takes them: `'mini'` (Python), `'mini-js'` (JavaScript). */
export const BUNDLED_DATASETS = ['mini', 'mini-js'] as const;

/** One of {@link BUNDLED_DATASETS}. */
export type BundledDataset = (typeof BUNDLED_DATASETS)[number];

/**
 * Absolute path of a bundled release directory (`<package>/data/<name>`). Resolved relative to this module,
 * which sits one level below the package root both in `src/` and in the bundled `dist/`, so it works from
 * sources (vitest, tsx) and from the ESM and CommonJS builds alike.
 *
 * @throws {TypeError} for a name that is not one of {@link BUNDLED_DATASETS}.
 * @example
 * bundledDatasetDirectory('mini-js'); // '/…/node_modules/@execret/dataset/data/mini-js'
 */
export function bundledDatasetDirectory(name: BundledDataset): string {
  if (!(BUNDLED_DATASETS as readonly string[]).includes(name)) {
    throw new TypeError(
      `@execret/dataset bundledDatasetDirectory: expected one of ${BUNDLED_DATASETS.join(', ')}, received ${JSON.stringify(name)}`,
    );
  }
  return fileURLToPath(new URL(`../data/${name}`, import.meta.url));
}

/**
 * Absolute path of the bundled mini release directory (`<package>/data/mini`); `bundledDatasetDirectory('mini')`.
 *
 * @example
 * miniDatasetDirectory(); // '/…/node_modules/@execret/dataset/data/mini'
 */
export function miniDatasetDirectory(): string {
  return bundledDatasetDirectory('mini');
}
