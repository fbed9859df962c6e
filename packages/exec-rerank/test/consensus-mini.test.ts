import { createOracle, type Oracle } from '@execret/oracle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecReranker } from '../src/create-exec-reranker.js';
import { type MiniTask, mini, miniTask } from './helpers/mini.js';

let oracle: Oracle;
let tasks: MiniTask[];
beforeAll(async () => {
  oracle = await createOracle();
  const b = await mini();
  // the first ten mini queries, canonical placed last so that first-stage ties count against it
  tasks = Array.from({ length: 10 }, (_, q) => miniTask(b, q));
});
afterAll(async () => {
  await oracle.close();
});

describe('exec/consensus on the mini set', () => {
  it('puts the canonical first on most of ten queries and gives the same ranking twice', async () => {
    const first = createExecReranker('exec/consensus', { oracle });
    const second = createExecReranker('exec/consensus', { oracle });
    let promoted = 0;
    for (const t of tasks) {
      const a = await first.rerankDetailed(t.query, t.candidates);
      const b = await second.rerankDetailed(t.query, t.candidates);
      expect(b.hits).toEqual(a.hits);
      expect(b.audit.inputs).toEqual(a.audit.inputs);
      expect(a.audit.group).toEqual([0, 1, 2, 3, 4]);
      expect(a.audit.querySha256).toBeNull();
      if (a.hits[0]?.index === t.canonical) promoted += 1;
    }
    // measured 6 of 10 with the default 256 probes (canonical last); the first stage alone puts it first on 0
    expect(promoted).toBeGreaterThanOrEqual(6);
    const cost = first.costs();
    expect(cost.executions + cost.cachedExecutions).toBe(200); // 10 queries × 5 candidates × 4 suites of 64 probes
    expect(cost.chatCalls).toBe(0);
  });

  it('never reads the query when ranking', async () => {
    const r = createExecReranker('exec/consensus', { oracle, probeCount: 32 });
    const t = tasks[1] as MiniTask;
    const a = await r.rerank(t.query, t.candidates);
    expect(await r.rerank('something else entirely', t.candidates)).toEqual(a);
  });

  it('keeps candidates of another signature after the group in first-stage order', async () => {
    const r = createExecReranker('exec/consensus', { oracle, probeCount: 32 });
    const [a, b] = [tasks[0] as MiniTask, tasks[1] as MiniTask];
    const candidates = [a.candidates[0]!, b.candidates[0]!, a.candidates[4]!, b.candidates[1]!, a.candidates[1]!];
    const { hits, audit } = await r.rerankDetailed(a.query, candidates);
    expect(audit.group).toEqual([0, 2, 4]);
    expect(hits.slice(3).map((h) => h.index)).toEqual([1, 3]);
    expect(hits.slice(3).map((h) => h.score)).toEqual([-1, -1]);
    expect(
      hits
        .slice(0, 3)
        .map((h) => h.index)
        .sort(),
    ).toEqual([0, 2, 4]);
  });

  it('does not execute a group of one', async () => {
    const r = createExecReranker('exec/consensus', { oracle });
    const [a, b] = [tasks[0] as MiniTask, tasks[1] as MiniTask];
    const hits = await r.rerank(a.query, [a.candidates[0]!, b.candidates[0]!]);
    expect(hits.map((h) => h.index)).toEqual([0, 1]);
    expect(r.costs().executions + r.costs().cachedExecutions).toBe(0);
  });
});

describe('exec/random-clone on the mini set', () => {
  it('moves a seeded pick of the group to the top, the same on every run', async () => {
    const a = createExecReranker('exec/random-clone', { seed: 11 });
    const b = createExecReranker('exec/random-clone', { seed: 11 });
    expect(a.info.params.seed).toBe(11);
    const picks: number[] = [];
    for (const t of tasks) {
      const ra = await a.rerankDetailed(t.query, t.candidates);
      expect((await b.rerankDetailed(t.query, t.candidates)).hits).toEqual(ra.hits);
      const picked = ra.audit.picked as number;
      picks.push(picked);
      expect(ra.hits.map((h) => h.index)).toEqual([picked, ...[0, 1, 2, 3, 4].filter((i) => i !== picked)]);
    }
    expect(new Set(picks).size).toBeGreaterThan(1);
    expect(a.costs().executions).toBe(0);
  });

  it('picks differently for another seed on some query', async () => {
    const a = createExecReranker('exec/random-clone', { seed: 1 });
    const b = createExecReranker('exec/random-clone', { seed: 2 });
    const differ = await Promise.all(
      tasks.map(
        async (t) =>
          (await a.rerank(t.query, t.candidates))[0]?.index !== (await b.rerank(t.query, t.candidates))[0]?.index,
      ),
    );
    expect(differ.some(Boolean)).toBe(true);
    expect(a.info.configHash).not.toBe(b.info.configHash);
  });
});
