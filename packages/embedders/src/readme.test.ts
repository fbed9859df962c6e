import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listModels } from './registry.js';

const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** Entry points that only re-export `@execret/search`, for one release. */
const DEPRECATED = ['@execret/embedders/search', '@execret/embedders/npz'];

/** Every subpath of package.json `exports` as [specifier, source file], from its `@execret/source` condition. */
function entryPoints(): [string, string][] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string | Record<string, unknown>>;
  };
  return Object.entries(manifest.exports)
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => {
      const source = typeof target === 'string' ? undefined : target['@execret/source'];
      if (typeof source !== 'string') throw new Error(`package.json exports["${subpath}"] has no @execret/source`);
      return [`${manifest.name}${subpath.slice(1)}`, join(root, source)];
    });
}

/** The names (values and types) each source file exports, as the type checker sees them. */
function exportedNames(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    customConditions: ['@execret/source'],
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  return new Map(
    files.map((file) => {
      const source = program.getSourceFile(file);
      const symbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
      if (symbol === undefined) throw new Error(`cannot read the exports of ${file}`);
      return [file, checker.getExportsOfModule(symbol).map((s) => s.name)];
    }),
  );
}

/**
 * The names in the README table under the heading "### `<specifier>`" of the Exports section: the identifier
 * that starts the first cell of each row.
 */
function documentedNames(specifier: string): string[] | undefined {
  const section = readme.slice(readme.indexOf('## Exports\n'), readme.indexOf('\n## ', readme.indexOf('## Exports\n')));
  const heading = section.indexOf(`### \`${specifier}\`\n`);
  if (heading < 0) return undefined;
  const lines = section.slice(heading).split('\n').slice(1);
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  const table = lines.slice(start + 2, end < 0 ? lines.length : end);
  return table.map((row) => /^\| `([A-Za-z_$][\w$]*)/.exec(row)?.[1] ?? `unreadable row: ${row}`);
}

describe('README', () => {
  it('lists every registry id in its registry table', () => {
    for (const m of listModels()) expect(readme, m.id).toContain(`| \`${m.id}\` |`);
  });

  it('has one export table per entry point that lists exactly the names the entry point exports', () => {
    const entries = entryPoints();
    expect(entries.map(([specifier]) => specifier)).toEqual(
      expect.arrayContaining(['@execret/embedders', '@execret/embedders/search', '@execret/embedders/npz']),
    );
    const search = join(root, '../search/src/index.ts');
    const exported = exportedNames([...entries.map(([, file]) => file), search]);
    for (const [specifier, file] of entries) {
      if (DEPRECATED.includes(specifier)) {
        // kept for one release: everything @execret/search exports, documented there
        expect([...(exported.get(file) ?? [])].sort(), specifier).toEqual([...(exported.get(search) ?? [])].sort());
        expect(readme, specifier).toContain(`### \`${specifier}\`\n\nDeprecated`);
        continue;
      }
      const documented = documentedNames(specifier);
      expect(documented, `README has no "### \`${specifier}\`" table`).toBeDefined();
      const names = exported.get(file) ?? [];
      expect(names.length, `${specifier} exports nothing`).toBeGreaterThan(0);
      const undocumented = names.filter((name) => !documented?.includes(name)).sort();
      const notExported = (documented ?? []).filter((name) => !names.includes(name)).sort();
      expect({ specifier, undocumented, notExported }).toEqual({ specifier, undocumented: [], notExported: [] });
      expect(new Set(documented).size, `${specifier}: a name appears twice in its table`).toBe(documented?.length);
    }
  }, 60_000); // type-checks every entry point: seconds on a busy machine
});
