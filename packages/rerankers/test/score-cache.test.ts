import { appendFileSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '@execret/formats';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeScoreCache } from '../src/cache/merge-score-cache.js';
import { formatScoreLine, openScoreCache, parseScoreCache } from '../src/cache/score-cache.js';
import { withScoreCache } from '../src/cache/with-score-cache.js';
import { stubReranker } from './helpers/stub-reranker.js';

const dirs: string[] = [];
async function scratch() {
  const dir = await mkdtemp(join(tmpdir(), 'execret-score-cache-'));
  dirs.push(dir);
  return join(dir, 'sub', 'scores.jsonl');
}
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const DOCS = ['aaaa', 'b', 'cc', 'ddd'];
const h = (s: string) => sha256Hex(s);

describe('withScoreCache', () => {
  it('asks the reranker nothing on a rerun and returns the same hits when every pair is cached', async () => {
    const file = await scratch();
    const stub = stubReranker((t) => t.length);
    const first = await withScoreCache(stub.reranker, await openScoreCache(file)).rerank('q', DOCS, { topN: 3 });
    const again = await withScoreCache(stub.reranker, await openScoreCache(file)).rerank('q', DOCS, { topN: 3 });
    expect(again).toEqual(first);
    expect(stub.calls).toHaveLength(1);
  });

  it('sends only the missing candidates in first-stage order when a pointwise reranker has some cached', async () => {
    const file = await scratch();
    const stub = stubReranker((t) => t.length);
    const cache = await openScoreCache(file);
    await withScoreCache(stub.reranker, cache).rerank('q', ['b', 'cc']);
    const hits = await withScoreCache(stub.reranker, cache).rerank('q', DOCS);
    expect(stub.calls).toEqual([
      ['b', 'cc'],
      ['aaaa', 'ddd'],
    ]);
    expect(hits.map((x) => x.index)).toEqual([0, 3, 2, 1]);
  });

  it('reranks the whole list when a list-dependent reranker sees a different list', async () => {
    const file = await scratch();
    const stub = stubReranker((t) => t.length, { pointwise: false });
    const cache = await openScoreCache(file);
    await withScoreCache(stub.reranker, cache).rerank('q', DOCS);
    await withScoreCache(stub.reranker, cache).rerank('q', [...DOCS].reverse());
    await withScoreCache(stub.reranker, cache).rerank('q', DOCS);
    expect(stub.calls).toHaveLength(2);
  });

  it('keeps ties in first-stage order when cached scores tie', async () => {
    const file = await scratch();
    const stub = stubReranker(() => 1);
    await withScoreCache(stub.reranker, await openScoreCache(file)).rerank('q', DOCS);
    const hits = await withScoreCache(stub.reranker, await openScoreCache(file)).rerank('q', DOCS);
    expect(hits.map((x) => x.index)).toEqual([0, 1, 2, 3]);
  });
});

describe('openScoreCache', () => {
  it('ignores and terminates a torn last line when a writer was killed mid-line', async () => {
    const file = await scratch();
    const cache = await openScoreCache(file);
    const record = {
      configHash: h('c'),
      querySha256: h('q'),
      snippetSha256: h('s'),
      contextSha256: null,
      score: 0.5,
      rawScore: -1,
    };
    cache.put([record]);
    cache.close();
    appendFileSync(file, '{"config_hash":"ab');
    const reopened = await openScoreCache(file);
    expect(reopened.issues.map((i) => i.kind)).toEqual(['torn-line']);
    expect(reopened.get(h('c'), h('q'), h('s'), null)).toEqual(record);
    reopened.put([{ ...record, snippetSha256: h('t') }]);
    reopened.close();
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toHaveLength(4); // record, torn fragment (now terminated), new record, ''
    const parsed = parseScoreCache(readFileSync(file, 'utf8'));
    expect(parsed.records).toHaveLength(2);
    expect(parsed.issues.map((i) => i.kind)).toEqual(['invalid-line']);
  });

  it('writes one line per record with ±Infinity as strings', () => {
    const line = formatScoreLine({
      configHash: h('c'),
      querySha256: h('q'),
      snippetSha256: h('s'),
      contextSha256: h('x'),
      score: 1,
      rawScore: Number.POSITIVE_INFINITY,
    });
    expect(line.endsWith('}\n')).toBe(true);
    expect(JSON.parse(line)).toMatchObject({ context_sha256: h('x'), raw_score: 'Infinity' });
    expect(parseScoreCache(line).records[0]?.rawScore).toBe(Number.POSITIVE_INFINITY);
  });

  it('throws TypeError when a hash is not lowercase hex', () => {
    expect(() =>
      formatScoreLine({
        configHash: 'X',
        querySha256: h('q'),
        snippetSha256: h('s'),
        contextSha256: null,
        score: 0,
        rawScore: 0,
      }),
    ).toThrow(TypeError);
  });
});

describe('mergeScoreCache', () => {
  it('adds the records the target lacks so that a rerun over the merged cache asks the reranker nothing', async () => {
    const [a, b, target] = [await scratch(), await scratch(), await scratch()];
    const stub = stubReranker((t) => t.length);
    const shardA = await openScoreCache(a);
    const shardB = await openScoreCache(b);
    await withScoreCache(stub.reranker, shardA).rerank('q1', DOCS);
    await withScoreCache(stub.reranker, shardB).rerank('q2', DOCS);
    await withScoreCache(stub.reranker, shardB).rerank('q1', ['b']);
    shardA.close();
    shardB.close();
    const merged = await openScoreCache(target);
    expect(await mergeScoreCache(merged, a)).toBe(4);
    expect(await mergeScoreCache(merged, b)).toBe(4); // q1/b was there already
    expect(await mergeScoreCache(merged, `${b}.absent`)).toBe(0);
    expect(merged.size).toBe(8);
    const calls = stub.calls.length;
    await withScoreCache(stub.reranker, merged).rerank('q1', DOCS);
    await withScoreCache(stub.reranker, merged).rerank('q2', DOCS);
    expect(stub.calls).toHaveLength(calls);
    merged.close();
  });
});
