import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleReleaseRows, type ReleaseGroup } from './release-rows.js';
import { corpusRowSchema, queryRowSchema } from './schemas.js';
import { serializeReleaseRows, writeReleaseFiles } from './write-release-rows.js';

const pass = { status: 'pass' as const, tests: ['pass', 'pass'] };
const fail = { status: 'fail' as const, tests: ['pass', 'FAIL'] };

function group(
  taskId: string,
  domain: string,
  distractors: number,
  canonical = `def ${taskId}(x):\n    return x\n`,
): ReleaseGroup<{ task: string }, { edits: never[]; note: string }> {
  return {
    taskId,
    domain,
    query: `query ${taskId}`,
    tests: [`assert ${taskId}(1) == 1`, `assert ${taskId}(2) == 2`],
    canonical,
    canonicalResult: pass,
    distractors: Array.from({ length: distractors }, (_, i) => ({
      code: `${canonical}# bug ${i}\n`,
      bugType: 'off_by_one',
      result: fail,
      failure: 'output' as const,
      metadata: { edits: [], note: `d${i}` },
    })),
    metadata: { task: taskId },
  };
}

describe('assembleReleaseRows', () => {
  it('numbers queries and snippets in order, canonical first in its group, entry ids per domain', () => {
    const rows = assembleReleaseRows([
      group('a', 'geometry', 2),
      group('b', 'validation', 1),
      group('c', 'geometry', 0),
    ]);
    expect(rows.corpus.map((c) => [c.corpus_id, c.label, c.source_entry_id])).toEqual([
      ['c_0001', 'correct', 'exec_geometry_1'],
      ['c_0002', 'incorrect', 'exec_geometry_1'],
      ['c_0003', 'incorrect', 'exec_geometry_1'],
      ['c_0004', 'correct', 'exec_validation_1'],
      ['c_0005', 'incorrect', 'exec_validation_1'],
      ['c_0006', 'correct', 'exec_geometry_2'],
    ]);
    expect(
      rows.queries.map((q) => [q.query_id, q.correct_corpus_ids, q.paired_distractor_corpus_ids, q.metadata]),
    ).toEqual([
      ['q_0001', ['c_0001'], ['c_0002', 'c_0003'], { task: 'a' }],
      ['q_0002', ['c_0004'], ['c_0005'], { task: 'b' }],
      ['q_0003', ['c_0006'], [], { task: 'c' }],
    ]);
    expect(rows.distractorMetadata[1]).toEqual({
      corpus_id: 'c_0003',
      query_id: 'q_0001',
      canonical_corpus_id: 'c_0001',
      entry_id: 'exec_geometry_1',
      task_id: 'a',
      bug_type: 'off_by_one',
      failure: 'output',
      failed_tests: 1,
      edits: [],
      note: 'd1',
    });
    expect(rows.corpus[0]).not.toHaveProperty('bug_type');
  });

  it('writes each (code, tests) run once when two groups share a snippet and a suite', () => {
    const twin = group('a', 'geometry', 1);
    const rows = assembleReleaseRows([twin, { ...twin, taskId: 'a2' }]);
    expect(rows.corpus).toHaveLength(4);
    expect(rows.executionCache).toHaveLength(2);
    expect(rows.executionCache[1]).toMatchObject({
      passesAllTests: false,
      status: 'fail',
      testResults: ['pass', 'FAIL'],
    });
  });

  it('widens ids past four digits when the counts need it', () => {
    const rows = assembleReleaseRows(Array.from({ length: 10_000 }, (_, i) => group(`t${i}`, 'd', 0)));
    expect(rows.corpus[0]!.corpus_id).toBe('c_00001');
    expect(rows.queries[9_999]!.query_id).toBe('q_10000');
  });
});

describe('release rows read back', () => {
  it('passes the release schemas for every corpus and query row it writes', () => {
    const rows = assembleReleaseRows([group('a', 'geometry', 2), { ...group('b', 'web', 1), language: 'javascript' }]);
    for (const row of rows.corpus) expect(corpusRowSchema.safeParse(row).success, JSON.stringify(row)).toBe(true);
    for (const row of rows.queries) expect(queryRowSchema.safeParse(row).success, JSON.stringify(row)).toBe(true);
    expect(rows.queries[1]).toMatchObject({ language: 'javascript' });
  });
});

describe('writeReleaseFiles', () => {
  it('writes serializeReleaseRows files byte for byte, and names the file it cannot write', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'execret-release-'));
    try {
      const files = serializeReleaseRows(assembleReleaseRows([group('a', 'geometry', 1)]));
      const written = await writeReleaseFiles(dir, files);
      expect(written).toEqual(Object.keys(files).map((f) => join(dir, f)));
      for (const [file, text] of Object.entries(files)) expect(await readFile(join(dir, file), 'utf8')).toBe(text);
      await mkdir(join(dir, 'blocked', 'data', 'corpus.jsonl'), { recursive: true });
      await expect(writeReleaseFiles(join(dir, 'blocked'), files)).rejects.toMatchObject({
        code: 'io',
        message: expect.stringContaining(join(dir, 'blocked', 'data', 'corpus.jsonl')),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
