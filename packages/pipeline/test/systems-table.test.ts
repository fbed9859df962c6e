import { DEFAULT_LOCAL_MODEL, listModels } from '@execret/embedders';
import { describe, expect, it } from 'vitest';
import { formatSystemsTable, runSystems } from '../src/index.js';

describe('runSystems and formatSystemsTable', () => {
  it('lists BM25 first, then every registry model, in aligned columns with the default local model marked', () => {
    const systems = runSystems();
    expect(systems.map((s) => s.id)).toEqual(['bm25', ...listModels().map((m) => m.id)]);
    const lines = formatSystemsTable().trimEnd().split('\n');
    expect(lines).toHaveLength(systems.length + 1);
    expect(lines[0]).toMatch(/^id +provider +dims +similarity +pooling +query prefix \/ task +config hash *$/);
    expect(lines[1]).toMatch(/^bm25 .*code-aware tokens, k1=1\.5 b=0\.75/);
    expect(lines.filter((line) => line.startsWith(`${DEFAULT_LOCAL_MODEL} (default)`))).toHaveLength(1);
    // every column starts at the same place on every line
    const start = lines[0]!.indexOf('provider');
    for (const line of lines) expect(line[start - 1]).toBe(' ');
  });
});
