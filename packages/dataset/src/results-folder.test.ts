import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readAnalysesFiles,
  readComparisonFiles,
  readFolderManifest,
  readResultFiles,
  readResultsFolder,
  readSolvedByFile,
} from './results-folder.js';

const RELEASE_TINY = join(import.meta.dirname, '../../../fixtures/release-tiny');

describe('results folder readers', () => {
  let full: string;
  let empty: string;
  beforeAll(async () => {
    full = await mkdtemp(join(tmpdir(), 'execret-folder-'));
    empty = await mkdtemp(join(tmpdir(), 'execret-folder-empty-'));
    await cp(join(RELEASE_TINY, 'results'), join(full, 'results'), { recursive: true });
    await cp(join(RELEASE_TINY, 'tests'), join(full, 'tests'), { recursive: true });
    await mkdir(join(full, 'analyses'));
    await writeFile(join(full, 'analyses', 'toy-random.json'), '{"model":"toy-random"}');
    await writeFile(join(full, 'analyses', 'solved_by.json'), '{"systems":2,"histogram":[1,2,3],"per_query":{}}');
    await writeFile(join(full, 'manifest.json'), '{"tool":"execret","dataset":"mini","extra":true}');
  });
  afterAll(async () => {
    await rm(full, { recursive: true, force: true });
    await rm(empty, { recursive: true, force: true });
  });

  it('reads every results file sorted by model when the folder has results/', async () => {
    expect((await readResultFiles(full)).map((f) => f.model)).toEqual(['toy-lexical', 'toy-random']);
  });

  it('says to score first when the folder has no results/', async () => {
    await expect(readResultFiles(empty)).rejects.toThrow(/has no results\/ folder; run `execret score`/);
  });

  it('reads the analyses without solved_by.json, and solved_by.json apart, when they exist', async () => {
    expect(await readAnalysesFiles(full)).toEqual([{ model: 'toy-random' }]);
    expect(await readSolvedByFile(full)).toMatchObject({ systems: 2, histogram: [1, 2, 3] });
    expect(await readAnalysesFiles(empty)).toEqual([]);
    expect(await readSolvedByFile(empty)).toBeUndefined();
  });

  it('reads the tests/ files, and gives empty ones when they are absent', async () => {
    const { intervals, pairwise } = await readComparisonFiles(full);
    expect(Object.keys(intervals).sort()).toEqual(['toy-lexical', 'toy-random']);
    expect(Object.keys(pairwise)).toEqual(['toy-lexical vs toy-random']);
    expect(await readComparisonFiles(empty)).toEqual({ intervals: {}, pairwise: {} });
  });

  it('reads the manifest, keeping unknown fields, and gives {} when the folder has none', async () => {
    expect(await readFolderManifest(full)).toEqual({ tool: 'execret', dataset: 'mini', extra: true });
    expect(await readFolderManifest(empty)).toEqual({});
  });

  it('reads the whole folder in one call, each part as its own reader gives it', async () => {
    const folder = await readResultsFolder(full);
    expect(folder.results.map((f) => f.model)).toEqual(['toy-lexical', 'toy-random']);
    expect(Object.keys(folder.pairwise)).toEqual(['toy-lexical vs toy-random']);
    expect(folder.analyses).toEqual([{ model: 'toy-random' }]);
    expect(folder.solvedBy).toMatchObject({ systems: 2 });
    expect(folder.manifest).toMatchObject({ dataset: 'mini' });
    await expect(readResultsFolder(empty)).rejects.toThrow(/has no results\/ folder/);
  });
});
