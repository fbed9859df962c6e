import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as entry from './index.js';

const root = join(__dirname, '..');

/** Every name `src/index.ts` exports, types included (read from its `export { … } from` statements). */
function exportedNames(): string[] {
  const source = readFileSync(join(root, 'src', 'index.ts'), 'utf8');
  expect(source, 'index.ts re-exports by name only').not.toMatch(/export \*/);
  const names: string[] = [];
  for (const m of source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s+from/g)) {
    for (const part of (m[1] as string).split(',')) {
      const spec = part.trim().replace(/^type\s+/, '');
      if (spec !== '') names.push(spec.split(/\s+as\s+/).pop() as string);
    }
  }
  return names;
}

/** Every name in the first column of the README's `## Exports` table (the identifier opening each code span). */
function documentedNames(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## Exports$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = section.split('\n').filter((l) => l.startsWith('|') && !/^\|\s*-/.test(l));
  const names: string[] = [];
  for (const row of rows.slice(1)) {
    const first = row.split('|')[1] as string;
    for (const m of first.matchAll(/`([A-Za-z_$][\w$]*)/g)) names.push(m[1] as string);
  }
  return names;
}

describe('README', () => {
  it('documents every name the entry point exports in its exports table, and nothing else', () => {
    const exported = exportedNames();
    const documented = documentedNames();
    expect(exported.length).toBeGreaterThan(10);
    expect([...new Set(documented)].sort()).toEqual([...new Set(exported)].sort());
  });

  it('reads every runtime export when it lists the entry point names', () => {
    const exported = new Set(exportedNames());
    for (const name of Object.keys(entry)) expect(exported, name).toContain(name);
  });
});
