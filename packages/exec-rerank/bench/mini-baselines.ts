/**
 * The artifact baselines on the bundled mini set (100 queries, 500 snippets), offline, with the real oracle.
 *
 *   pnpm --filter @execret/exec-rerank bench            # or: tsx --conditions=@execret/source bench/mini-baselines.ts
 *
 * A. Near-clone groups: each query's four distractors then its canonical (canonical last, so first-stage ties
 *    count against it), reranked by exec/consensus and exec/random-clone.
 * B. Two-stage systems over the whole pool: BM25 top 10, then exec/consensus or exec/random-clone. exec@1 of each
 *    against bm25 with exact McNemar and a paired bootstrap interval (5,000 resamples, seed 20260510); exec@10 of
 *    bm25 is the ceiling. Passing is decided by running each query's own suite on the retrieved snippets (the
 *    evaluation, never an input of a reranker).
 */
import { loadExecRetrieval } from '@execret/dataset';
import { createOracle } from '@execret/oracle';
import { createBm25 } from '@execret/search';
import { mcnemarExact, pairedBootstrapCi, pairedOutcomes } from '@execret/stats';
import { createExecReranker, type ExecReranker } from '../src/index.js';

const DEPTH = 10;
const b = await loadExecRetrieval('mini');
const oracle = await createOracle();
const nq = b.queries.length;
const fmt = (x: number, d = 3) => x.toFixed(d);

// ---- A. near-clone groups ----
const consensus = createExecReranker('exec/consensus', { oracle });
const random = createExecReranker('exec/random-clone');
let strict = 0;
let tied = 0;
let expected = 0;
let randomFirst = 0;
const started = performance.now();
for (let q = 0; q < nq; q++) {
  const canon = b.queryCanonicalIndex[q] as number;
  const ds = Array.from(b.distractorIndices.subarray(b.distractorOffsets[q], b.distractorOffsets[q + 1]));
  const codes = [...ds, canon].map((i) => b.corpus[i]!.code);
  const c = ds.length;
  const { hits } = await consensus.rerankDetailed(b.queries[q]!.query, codes);
  const best = hits[0]!.rawScore;
  const mine = hits.find((h) => h.index === c)!.rawScore;
  const ties = hits.filter((h) => h.rawScore === best).length;
  if (mine === best) {
    tied += 1;
    expected += 1 / ties;
    if (ties === 1) strict += 1;
  }
  if ((await random.rerank(b.queries[q]!.query, codes))[0]!.index === c) randomFirst += 1;
}
const groupSeconds = (performance.now() - started) / 1000;
const gc = consensus.costs();
console.log('A. near-clone groups (canonical last), 100 mini queries');
console.log(
  `  exec/consensus: canonical strictly first ${strict}/${nq}, tied for first ${tied}/${nq}, expected with random tie-breaking ${fmt(expected / nq)}`,
);
console.log(`  exec/random-clone: canonical first ${randomFirst}/${nq} (chance: 1/5 per query)`);
console.log(
  `  consensus cost: ${fmt(gc.executions / nq, 1)} suites and ${fmt(gc.executedTests / nq, 0)} probes executed per query, ${fmt(groupSeconds / nq, 2)} s per query (wall clock, this machine), ${fmt(gc.executionMs / gc.executions, 1)} ms per suite`,
);

// ---- B. bm25 >> exec ----
const bm25 = createBm25(
  b.corpus.map((r) => r.code),
  { docIds: b.corpus.map((r) => r.corpus_id) },
);
const top = b.queries.map((row) => Array.from(bm25.search(row.query, DEPTH).indices));
const passJobs = top.flatMap((ids, q) =>
  ids.map((i) => ({ code: b.corpus[i]!.code, tests: b.testSuites[q] as string[] })),
);
const passResults = await oracle.runMany(passJobs);
const passes = (q: number, i: number) => passResults[q * DEPTH + top[q]!.indexOf(i)]!.status === 'pass';
const firstStage = Float64Array.from(top, (ids, q) => (passes(q, ids[0]!) ? 1 : 0));
const ceiling = Float64Array.from(top, (ids, q) => (ids.some((i) => passes(q, i)) ? 1 : 0));
const mean = (xs: ArrayLike<number>) => Array.from(xs).reduce((a, x) => a + x, 0) / xs.length;

async function twoStage(r: ExecReranker): Promise<{ exec1: Float64Array; seconds: number }> {
  const t0 = performance.now();
  const exec1 = new Float64Array(nq);
  for (let q = 0; q < nq; q++) {
    const ids = top[q]!;
    const hits = await r.rerank(
      b.queries[q]!.query,
      ids.map((i) => b.corpus[i]!.code),
      { topN: 1 },
    );
    exec1[q] = passes(q, ids[hits[0]!.index]!) ? 1 : 0;
  }
  return { exec1, seconds: (performance.now() - t0) / 1000 };
}

console.log(`\nB. two-stage systems over the 500-snippet pool, depth ${DEPTH}`);
console.log(`  bm25: exec@1 ${fmt(mean(firstStage))}, exec@${DEPTH} (ceiling) ${fmt(mean(ceiling))}`);
for (const id of ['exec/consensus', 'exec/random-clone']) {
  const r = createExecReranker(id, { oracle });
  const { exec1, seconds } = await twoStage(r);
  const o = pairedOutcomes(exec1, firstStage);
  const m = mcnemarExact(o.aOnly, o.bOnly);
  const ci = pairedBootstrapCi(exec1, firstStage, { resamples: 5000, seed: 20260510 });
  const cost = r.costs();
  console.log(
    `  bm25>>${id}: exec@1 ${fmt(mean(exec1))}, delta ${fmt(ci.meanDifference)} [${fmt(ci.low)}, ${fmt(ci.high)}], helped ${o.aOnly}, hurt ${o.bOnly}, McNemar exact p ${m.pValue.toPrecision(3)}; ${fmt(cost.executions / nq, 1)} suites executed per query, ${fmt(seconds / nq, 2)} s per query`,
  );
}
await oracle.close();
