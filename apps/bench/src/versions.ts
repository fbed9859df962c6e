import { createRequire } from 'node:module';
import { compareCodePoints } from '@execret/formats';

const require = createRequire(import.meta.url);
/** The CLI's own package.json (`../package.json` from both `src/` and the built `dist/`). */
const manifest = require('../package.json') as { version: string; dependencies?: Record<string, string> };

/** The CLI's version, from its package.json. */
export function cliVersion(): string {
  return manifest.version;
}

/**
 * Versions of the execret packages in use: every `@execret/*` dependency of the CLI's package.json (so a
 * new package is never left out), in code-point order, each read from its own package.json.
 */
export function packageVersions(): Record<string, string> {
  const names = Object.keys(manifest.dependencies ?? {})
    .filter((name) => name.startsWith('@execret/'))
    .sort(compareCodePoints);
  const out: Record<string, string> = {};
  for (const name of names) {
    try {
      out[name] = (require(`${name}/package.json`) as { version: string }).version;
    } catch {
      out[name] = 'unknown';
    }
  }
  return out;
}
