import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Versions of the execret packages in use (read from their package.json files). */
export function packageVersions(): Record<string, string> {
  const names = [
    '@execret/dataset',
    '@execret/embedders',
    '@execret/generate',
    '@execret/metrics',
    '@execret/oracle',
    '@execret/stats',
  ];
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
