import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetError } from './errors.js';
import { formatResultsJson, writeResultsFiles } from './results-folder-writer.js';

describe('formatResultsJson', () => {
  it('indents by two spaces and ends with a newline when given any value', () => {
    expect(formatResultsJson({ a: [1], b: 'x' })).toBe('{\n  "a": [\n    1\n  ],\n  "b": "x"\n}\n');
    expect(formatResultsJson([])).toBe('[]\n');
  });
});

describe('writeResultsFiles', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-results-writer-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes every file in order, creating folders, and leaves no temporary file when it succeeds', async () => {
    const written = await writeResultsFiles(root, [
      ['tests/pairwise_tests.json', '{}\n'],
      ['leaderboard.md', '| a |\n'],
    ]);
    expect(written).toEqual([join(root, 'tests/pairwise_tests.json'), join(root, 'leaderboard.md')]);
    expect(await readFile(join(root, 'tests/pairwise_tests.json'), 'utf8')).toBe('{}\n');
    expect((await readdir(root)).sort()).toEqual(['leaderboard.md', 'tests']);
  });

  it('replaces an existing file when it is written again', async () => {
    await writeResultsFiles(root, [['leaderboard.md', 'old\n']]);
    await writeResultsFiles(root, [['leaderboard.md', 'new\n']]);
    expect(await readFile(join(root, 'leaderboard.md'), 'utf8')).toBe('new\n');
  });

  it('throws an io DatasetError naming the file when it cannot be written', async () => {
    await writeFile(join(root, 'blocker'), 'a file, not a folder');
    const error = await writeResultsFiles(root, [['blocker/x.json', '{}\n']]).catch((e: unknown) => e);
    expect(DatasetError.is(error) && error.code).toBe('io');
    expect((error as Error).message).toContain(join(root, 'blocker/x.json'));
  });
});
