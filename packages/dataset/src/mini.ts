/**
 * The small release-format dataset bundled with the package (`data/mini/` in the package root).
 */
import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the bundled mini release directory (`<package>/data/mini`). Resolved relative to this
 * module, which sits one level below the package root both in `src/` and in the bundled `dist/`, so it works
 * from sources (vitest, tsx) and from the ESM and CommonJS builds alike.
 *
 * @example
 * miniDatasetDirectory(); // '/…/node_modules/@execret/dataset/data/mini'
 */
export function miniDatasetDirectory(): string {
  return fileURLToPath(new URL('../data/mini', import.meta.url));
}
