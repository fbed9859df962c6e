import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareResultsFolders, RUN_RECORD_FIELDS, withoutRunRecord } from './run-record-fields.js';

/** A manifest of a run that did `executed` of its work itself, at `at`. */
const manifest = (at: string, executed: number, seed = 1) =>
  `${JSON.stringify(
    {
      created_at: at,
      seed,
      verify: { pairs: 5, executed, cached: 5 - executed, canonicals: 1, seconds: executed / 10 },
      retrieved_pairs: { pairs: 9, executed, cached: 9 - executed },
      embedding: { m: { dims: 2, cache_hits: 9 - executed, usage: { query: { requests: executed } }, seconds: 1 } },
      two_stage_systems: [
        { model: 'bm25>>exec/consensus', depth: 10, execution: { executions: executed }, seconds: 2 },
      ],
      skipped_systems: [{ model: 'local/x', reason: `cannot load from /cache-${executed}/models` }],
      oracle_stats: { executed },
      timings_seconds: { total: executed },
    },
    null,
    2,
  )}\n`;
const audit = (executions: number, top = 0) =>
  `${JSON.stringify({ query_id: 'q_1', hits: [{ index: top }], audit: { hits: [{ index: top }], cost: { executions, seconds: executions / 7 } } })}\n`;
const artifacts = (ms: number, outcome = 'pass') =>
  `${JSON.stringify({ v: 1, kind: 'execution', key: 'a:b', execution: { code_sha256: 'a', test_results: [outcome], duration_ms: ms } })}\n`;
const report = (at: string, executions: number) =>
  `<h3>Cost</h3><table><tr><td>${executions}</td></tr></table><p>exec@1 0.5</p><dl><dt>created_at</dt><dd>${at}</dd></dl>`;

describe('withoutRunRecord', () => {
  it('sets aside exactly the named fields, and keeps every other', () => {
    expect(JSON.parse(withoutRunRecord('manifest.json', manifest('t', 3)))).toEqual({
      seed: 1,
      verify: { pairs: 5, canonicals: 1 },
      retrieved_pairs: { pairs: 9 },
      embedding: { m: { dims: 2 } },
      two_stage_systems: [{ model: 'bm25>>exec/consensus', depth: 10 }],
      skipped_systems: [{ model: 'local/x' }],
    });
    expect(withoutRunRecord('rerank/bm25__exec__consensus.jsonl', audit(4))).toBe(
      '{"query_id":"q_1","hits":[{"index":0}],"audit":{"hits":[{"index":0}]}}\n',
    );
    expect(withoutRunRecord('rerank/exec-artifacts.jsonl', artifacts(3.5))).toBe(
      '{"v":1,"kind":"execution","key":"a:b","execution":{"code_sha256":"a","test_results":["pass"]}}\n',
    );
    expect(withoutRunRecord('report.html', report('2026', 7))).toBe(
      '<h3>Cost</h3></table><p>exec@1 0.5</p><dl><dt>created_at</dt><dd></dd></dl>',
    );
    expect(withoutRunRecord('results/bm25.json', '{"seconds": 1}')).toBe('{"seconds": 1}');
  });

  it('names every field it sets aside, with what it records', () => {
    expect(RUN_RECORD_FIELDS.map((r) => r.records)).toEqual(['time', 'work', 'place', 'work', 'time', 'time', 'work']);
    expect(RUN_RECORD_FIELDS.flatMap((r) => r.fields)).toContain('execution.duration_ms');
  });
});

describe('compareResultsFolders', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-run-record-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const folder = async (name: string, files: Record<string, string>) => {
    const dir = join(root, name);
    for (const [file, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
    return dir;
  };

  it('tells identical files, the same results recorded by another run, different results and lone files apart', async () => {
    const unsharded = await folder('a', {
      'results/bm25.json': '{"exec@1": 0.5}\n',
      'manifest.json': manifest('2026-01-01', 5),
      'report.html': report('2026-01-01', 12),
      'rerank/bm25__exec__consensus.jsonl': audit(12),
      'rerank/exec-artifacts.jsonl': artifacts(3.5),
      'trec/bm25.run': 'q_1 Q0 c_1 1 2.0 bm25\n',
    });
    const merged = await folder('b', {
      'results/bm25.json': '{"exec@1": 0.5}\n',
      'manifest.json': manifest('2026-02-02', 0),
      'report.html': report('2026-02-02', 0),
      'rerank/bm25__exec__consensus.jsonl': audit(0),
      'rerank/exec-artifacts.jsonl': artifacts(9.25),
      'leaderboard.md': '| x |\n',
    });
    expect(await compareResultsFolders(unsharded, merged)).toEqual({
      identical: ['results/bm25.json'],
      sameResults: [
        'manifest.json',
        'report.html',
        'rerank/bm25__exec__consensus.jsonl',
        'rerank/exec-artifacts.jsonl',
      ],
      different: [],
      onlyInA: ['trec/bm25.run'],
      onlyInB: ['leaderboard.md'],
    });
    const other = await folder('c', {
      'results/bm25.json': '{"exec@1": 0.6}\n',
      'manifest.json': manifest('2026-01-01', 5, 2),
      'report.html': report('2026-01-01', 12).replace('0.5', '0.6'),
      'rerank/bm25__exec__consensus.jsonl': audit(12, 1),
      'rerank/exec-artifacts.jsonl': artifacts(3.5, 'FAIL'),
    });
    expect((await compareResultsFolders(unsharded, other)).different).toEqual([
      'manifest.json',
      'report.html',
      'rerank/bm25__exec__consensus.jsonl',
      'rerank/exec-artifacts.jsonl',
      'results/bm25.json',
    ]);
  });
});
