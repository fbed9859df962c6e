import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every name a package's `src/index.ts` exports, types included, read from its `export { … } from` statements —
 * for the tests that hold a package's README export table to its entry point.
 *
 * @throws Error when the entry point uses `export *` (its names could not be read off the file)
 * @example
 * indexExportNames(join(import.meta.dirname, '..')); // ['canonicalJson', 'codeSha256', …]
 */
export function indexExportNames(packageRoot: string): string[] {
  const source = readFileSync(join(packageRoot, 'src', 'index.ts'), 'utf8');
  if (/export \*/.test(source)) throw new Error(`${packageRoot}/src/index.ts: re-export by name only, not export *`);
  const names: string[] = [];
  for (const m of source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s+from/g)) {
    for (const part of (m[1] as string).split(',')) {
      const spec = part.trim().replace(/^type\s+/, '');
      if (spec !== '') names.push(spec.split(/\s+as\s+/).pop() as string);
    }
  }
  return names;
}

/**
 * Every name in the first column of a package README's `## Exports` table (the identifier opening each code span).
 *
 * @example
 * readmeExportNames(join(import.meta.dirname, '..')); // ['canonicalJson', 'codeSha256', …]
 */
export function readmeExportNames(packageRoot: string): string[] {
  const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
  const section = readme.split(/^## Exports$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = section.split('\n').filter((l) => l.startsWith('|') && !/^\|\s*-/.test(l));
  const names: string[] = [];
  for (const row of rows.slice(1)) {
    const first = row.split('|')[1] as string;
    for (const m of first.matchAll(/`([A-Za-z_$][\w$]*)/g)) names.push(m[1] as string);
  }
  return names;
}
