import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR, tempDir } from '../test/helpers.js';
import { type Benchmark, createBenchmark } from './benchmark.js';
import { DatasetError } from './errors.js';
import { PYTHON_JSON_STYLE, serializeJson } from './json-style.js';
import { retainDistractors } from './pool.js';
import { readReleaseDirectory } from './read-release.js';
import { canonicalLayout, serializeJsonl, writeExecRetrieval } from './write.js';

const FILES = [
  'data/corpus.jsonl',
  'data/queries.jsonl',
  'data/distractor_metadata.jsonl',
  'data/execution_cache.jsonl',
];
let b: Benchmark;
beforeAll(async () => {
  b = await readReleaseDirectory(FIXTURE_DIR);
});

const rowsOf = (x: Benchmark) => ({
  corpus: x.corpus,
  queries: x.queries,
  metadata: x.distractorMetadata?.rows.map((r) => r.raw),
  cache: x.executionCache?.rows.map((r) => r.value),
});

describe('writeExecRetrieval', () => {
  it('reproduces the fixture bytes of all four data files', async () => {
    const dir = tempDir();
    const result = await writeExecRetrieval(dir, b);
    for (const file of FILES)
      expect(readFileSync(join(dir, file)).equals(readFileSync(join(FIXTURE_DIR, file))), file).toBe(true);
    const sums = new Map(
      readFileSync(join(FIXTURE_DIR, 'SHA256SUMS'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => [l.split('  ')[1], l.split('  ')[0]]),
    );
    for (const f of result.files) expect(f.sha256).toBe(sums.get(f.file));
    expect(readdirSync(join(dir, 'data')).some((f) => f.endsWith('.part'))).toBe(false);
  });

  it('is lossless: load → write → load gives equal rows', async () => {
    for (const layout of ['preserve', 'canonical'] as const) {
      const dir = tempDir();
      await writeExecRetrieval(dir, b, { layout });
      const again = await readReleaseDirectory(dir);
      expect(rowsOf(again)).toEqual(rowsOf(b));
      expect(again.functionName).toEqual(b.functionName);
    }
  });

  it('writes the canonical layout: no BOM, LF, final newline, Python style data, compact cache', async () => {
    const dir = tempDir();
    await writeExecRetrieval(dir, b, { layout: 'canonical' });
    const corpus = readFileSync(join(dir, 'data/corpus.jsonl'), 'utf8');
    const queries = readFileSync(join(dir, 'data/queries.jsonl'), 'utf8');
    expect(corpus.charCodeAt(0)).not.toBe(0xfeff);
    expect(queries).not.toContain('\r');
    expect(queries.endsWith('}\n')).toBe(true);
    expect(queries.split('\n')).toHaveLength(7); // six rows, no blank line
    expect(corpus.split('\n')[0]).toBe(serializeJson(b.corpus[0], PYTHON_JSON_STYLE));
    expect(corpus).toContain('caf\\u00e9');
    const cacheLine = readFileSync(join(dir, 'data/execution_cache.jsonl'), 'utf8').split('\n')[0] as string;
    expect(cacheLine).toBe(JSON.stringify(b.executionCache?.rows[0]?.value));
  });

  it('orders known fields first when a benchmark built in memory has no recorded layout', async () => {
    const built = createBenchmark({
      corpus: [
        { label: 'correct', extra: 1, code: 'def f():\n  pass\n', source_entry_id: 'exec_x_1', corpus_id: 'c_1' },
      ],
      queries: [
        {
          entry_id: 'exec_x_1',
          query: 'q',
          query_id: 'q_1',
          test_suite: ['assert f() is None'],
          paired_distractor_corpus_ids: [],
          correct_corpus_ids: ['c_1'],
        },
      ],
    });
    const dir = tempDir();
    await writeExecRetrieval(dir, built);
    expect(readFileSync(join(dir, 'data/corpus.jsonl'), 'utf8')).toBe(
      '{"corpus_id": "c_1", "code": "def f():\\n  pass\\n", "label": "correct", "source_entry_id": "exec_x_1", "extra": 1}\n',
    );
    expect(readFileSync(join(dir, 'data/queries.jsonl'), 'utf8')).toMatch(
      /^\{"query_id": "q_1", "query": "q", "test_suite"/,
    );
    expect(existsSync(join(dir, 'data/execution_cache.jsonl'))).toBe(false);
  });

  it('writes the same bytes twice and a verifiable SHA256SUMS on request', async () => {
    const one = tempDir();
    const two = tempDir();
    await writeExecRetrieval(one, b, { sha256sums: true });
    await writeExecRetrieval(two, b, { sha256sums: true });
    for (const file of [...FILES, 'SHA256SUMS'])
      expect(readFileSync(join(one, file)).equals(readFileSync(join(two, file)))).toBe(true);
    const again = await readReleaseDirectory(one);
    expect(again.loadReport.files.map((f) => f.checksum)).toEqual(['verified', 'verified', 'verified', 'verified']);
  });

  it('leaves files out on request', async () => {
    const dir = tempDir();
    const result = await writeExecRetrieval(dir, b, { executionCache: false, distractorMetadata: false });
    expect(result.files.map((f) => f.file)).toEqual(['data/corpus.jsonl', 'data/queries.jsonl']);
  });

  it('writes a derived pool that loads back to the same rows', async () => {
    const pool = retainDistractors(b, 2, { seed: 5 });
    const dir = tempDir();
    await writeExecRetrieval(dir, pool);
    const again = await readReleaseDirectory(dir);
    expect(again.corpus).toEqual(pool.corpus);
    expect(again.queries).toEqual(pool.queries);
    expect(again.distractorMetadata?.rows.map((r) => r.raw)).toEqual(pool.distractorMetadata?.rows.map((r) => r.raw));
  });

  it('throws io when the target cannot be created', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), 'x');
    await expect(writeExecRetrieval(join(dir, 'file'), b)).rejects.toSatisfy(
      (e: unknown) => DatasetError.is(e) && e.code === 'io',
    );
  });
});

describe('serializeJsonl', () => {
  it('puts blank lines back only when the row count matches the layout', () => {
    const layout = {
      ...canonicalLayout('x.jsonl'),
      eol: '\r\n' as const,
      bom: true,
      blankLines: [{ before: 1, text: '  ' }],
      recordCount: 2,
      finalNewline: false,
    };
    expect(serializeJsonl([{ a: 1 }, { a: 2 }], layout)).toBe('\ufeff{"a": 1}\r\n  \r\n{"a": 2}');
    expect(serializeJsonl([{ a: 1 }], layout)).toBe('\ufeff{"a": 1}');
  });

  it('returns an empty string when there are no rows', () => {
    expect(serializeJsonl([], canonicalLayout('x.jsonl'))).toBe('');
  });
});
