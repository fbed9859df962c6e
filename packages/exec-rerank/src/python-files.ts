import { fileURLToPath } from 'node:url';

/**
 * The probe helper's Python source, `python/probe_helper.py` at the package root, next to `src/` and `dist/`: the
 * same relative path works from the sources (vitest, tsx) and from the built package in ESM and CommonJS (the file
 * ships through `files`). This module sits directly under `src/` so that it resolves the same way once bundled
 * into `dist/`. Internal to the package.
 *
 * @internal
 */
export const PROBE_HELPER_FILE: string = fileURLToPath(new URL('../python/probe_helper.py', import.meta.url));
