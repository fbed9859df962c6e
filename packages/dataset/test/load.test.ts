import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundledDatasetDirectory,
  DatasetError,
  loadExecRetrieval,
  miniDatasetDirectory,
  validationReport,
} from '../src/index.js';
import { copyFixture, FIXTURE_DIR, tempDir } from './helpers.js';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (DatasetError.is(error)) return error.code;
    throw error;
  }
  return 'resolved';
}

describe('loadExecRetrieval', () => {
  it("loads the bundled mini set when the source is 'mini'", async () => {
    const b = await loadExecRetrieval('mini');
    expect(b.source).toEqual({ kind: 'mini', location: miniDatasetDirectory() });
    expect(b.queries.length).toBeGreaterThan(0);
    expect(b.corpus.length).toBeGreaterThan(b.queries.length);
    expect(validationReport(b).ok).toBe(true);
  });

  it("loads the bundled JavaScript mini set when the source is 'mini-js'", async () => {
    const b = await loadExecRetrieval('mini-js');
    expect(b.source).toEqual({ kind: 'mini', location: bundledDatasetDirectory('mini-js') });
    expect(b.queries).toHaveLength(100);
    expect(new Set(b.queryLanguage)).toEqual(new Set(['javascript']));
    expect(new Set(b.snippetLanguage)).toEqual(new Set(['javascript']));
    expect(b.domains).toHaveLength(10);
    expect(b.executionCache?.entries.length).toBe(b.corpus.length);
    const report = validationReport(b);
    expect(report.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(report.checks.find((c) => c.id === 'language-agrees')?.checked).toBe(b.corpus.length);
  });

  it('reads the same files in fixtures/mini-js as in the bundled mini-js set', () => {
    for (const file of ['corpus.jsonl', 'queries.jsonl', 'distractor_metadata.jsonl', 'execution_cache.jsonl']) {
      const bundled = readFileSync(join(bundledDatasetDirectory('mini-js'), 'data', file));
      const fixture = readFileSync(join(FIXTURE_DIR, '../mini-js/data', file));
      expect(bundled.equals(fixture)).toBe(true);
    }
  });

  it('throws TypeError for a bundled name that does not exist', () => {
    expect(() => bundledDatasetDirectory('mini-rs' as 'mini')).toThrow(TypeError);
  });

  it('loads a local directory given as a relative path and verifies SHA256SUMS', async () => {
    const b = await loadExecRetrieval(relative(process.cwd(), FIXTURE_DIR));
    expect(b.source).toEqual({ kind: 'local', location: FIXTURE_DIR });
    expect(b.loadReport.files.map((f) => [f.file, f.checksum])).toEqual([
      ['data/corpus.jsonl', 'verified'],
      ['data/queries.jsonl', 'verified'],
      ['data/distractor_metadata.jsonl', 'verified'],
      ['data/execution_cache.jsonl', 'verified'],
    ]);
    expect(b.loadReport.unknownFields['data/queries.jsonl']).toEqual({
      'metadata.temperature': 1,
      'metadata.cost_usd': 1,
      difficulty: 1,
    });
  });

  it('throws checksum when a file differs from SHA256SUMS, unless verification is off', async () => {
    const dir = copyFixture({ sums: true });
    const path = join(dir, 'data/queries.jsonl');
    writeFileSync(path, readFileSync(path, 'utf8').replace('Clamp', 'Clip'));
    const error = await loadExecRetrieval(dir).catch((e: unknown) => e);
    expect(DatasetError.is(error) && error.code).toBe('checksum');
    expect((error as Error).message).toContain('data/queries.jsonl');
    const b = await loadExecRetrieval(dir, { verifyChecksums: false });
    expect(b.queries[1]?.query.startsWith('Clip')).toBe(true);
    expect(b.loadReport.files[0]?.checksum).toBe('skipped');
  });

  it('reads a directory that holds the files without data/', async () => {
    const dir = tempDir();
    for (const f of ['corpus', 'queries']) cpSync(join(FIXTURE_DIR, 'data', `${f}.jsonl`), join(dir, `${f}.jsonl`));
    const b = await loadExecRetrieval(dir);
    expect(b.corpus).toHaveLength(29);
    expect(b.loadReport.files.map((f) => f.file)).toEqual(['corpus.jsonl', 'queries.jsonl']);
    expect(b.executionCache).toBeNull();
    expect(b.loadReport.issues.filter((i) => i.code === 'file-absent').map((i) => i.file)).toEqual([
      'distractor_metadata.jsonl',
      'execution_cache.jsonl',
    ]);
    expect(validationReport(b).checks.find((c) => c.id === 'canonicals-pass')?.status).toBe('skipped');
  });

  it('skips the optional files on request', async () => {
    const b = await loadExecRetrieval(FIXTURE_DIR, { executionCache: false, distractorMetadata: false });
    expect(b.executionCache).toBeNull();
    expect(b.distractorMetadata).toBeNull();
    expect(b.loadReport.files).toHaveLength(2);
  });

  it('throws not-found when a required file is missing', async () => {
    const dir = copyFixture();
    rmSync(join(dir, 'data/queries.jsonl'));
    expect(await codeOf(loadExecRetrieval(dir))).toBe('not-found');
    expect(await codeOf(loadExecRetrieval(tempDir()))).toBe('not-found');
  });

  it('throws not-found with a hint when a missing path looks like a Hub repository', async () => {
    const error = await loadExecRetrieval('someone/some-dataset').then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(DatasetError.is(error) && error.code).toBe('not-found');
    expect(error?.message).toContain("did you mean 'hf:someone/some-dataset'?");
  });

  it.each(['', '   ', 'hf:', 'hf:only-owner', 'hf:a/b/c', 'hf:a/b@', 'hf:a b/c'])(
    'throws source when the source is %j',
    async (source) => {
      expect(await codeOf(loadExecRetrieval(source))).toBe('source');
    },
  );

  it('throws TypeError when the source is not a string', async () => {
    await expect(loadExecRetrieval(42 as unknown as string)).rejects.toThrow(TypeError);
  });

  it('throws aborted when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await codeOf(loadExecRetrieval(FIXTURE_DIR, { signal: controller.signal }))).toBe('aborted');
  });
});
