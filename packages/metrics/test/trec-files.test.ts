import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTrecQrels, formatTrecRun, mulberry32, type TrecRunRow } from '@execret/formats';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluate, rankRun } from '../src/index.js';

const REFERENCE = join(import.meta.dirname, '../../../fixtures/golden/trec_eval_reference.py');
const KS = [1, 3, 5, 10];
// ids whose byte order (trec_eval's strcmp) differs from UTF-16 order, plus ordinary ones
const IDS = [
  'c_0001',
  'c_0002',
  'c_0010',
  'c_0100',
  'c_\u{1F600}',
  'c_\uFFFD',
  'c_\uE000',
  'c_Z',
  'c_a',
  'c_b',
  'c_é',
  'c_0009',
];

/** Random queries over `IDS` with scores rounded to quarters (many ties), canonicals and pass sets. */
function randomBenchmark(seed: number, queries: number) {
  const rand = mulberry32(seed);
  const run: Record<string, Record<string, number>> = {};
  const canonical: Record<string, Record<string, number>> = {};
  const passing: Record<string, string[]> = {};
  for (let q = 0; q < queries; q++) {
    const qid = `q_${String(q + 1).padStart(3, '0')}`;
    const docs = IDS.filter(() => rand() < 0.85);
    run[qid] = Object.fromEntries(docs.map((d) => [d, Math.round(rand() * 8) / 4 - 0.5]));
    const canon = IDS[Math.floor(rand() * IDS.length)]!;
    canonical[qid] = { [canon]: 1 };
    passing[qid] = [canon, ...IDS.filter((d) => d !== canon && rand() < 0.15)];
  }
  return { run, canonical, passing };
}

describe('TREC files written with @execret/formats, scored by an independent trec_eval reference', () => {
  const dir = mkdtempSync(join(tmpdir(), 'execret-trec-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([1, 2, 3])(
    'reproduce exec@k, execution precision@k, nDCG@k and MRR when seeded with %i',
    (seed) => {
      const { run, canonical, passing } = randomBenchmark(seed, 60);
      const rows: TrecRunRow[] = [];
      for (const [queryId, scores] of Object.entries(run)) {
        const ranked = rankRun(scores);
        ranked.docIds.forEach((docId, i) => {
          rows.push({ queryId, docId, rank: i + 1, score: ranked.scores[i]! });
        });
      }
      const runFile = join(dir, `run-${seed}.run`);
      const passingFile = join(dir, `qrels-${seed}.passing`);
      const canonicalFile = join(dir, `qrels-${seed}.canonical`);
      writeFileSync(runFile, formatTrecRun(rows, 'test'));
      writeFileSync(
        passingFile,
        formatTrecQrels(
          Object.entries(run).flatMap(([queryId, docs]) =>
            Object.keys(docs).map((docId) => ({
              queryId,
              docId,
              relevance: passing[queryId]!.includes(docId) ? 1 : 0,
            })),
          ),
        ),
      );
      writeFileSync(
        canonicalFile,
        formatTrecQrels(
          Object.entries(canonical).flatMap(([queryId, docs]) =>
            Object.entries(docs).map(([docId, relevance]) => ({ queryId, docId, relevance })),
          ),
        ),
      );
      const reference = (qrels: string) =>
        JSON.parse(execFileSync('python3', [REFERENCE, qrels, runFile, '--complete'], { encoding: 'utf8' })) as {
          per_query: Record<string, Record<string, number>>;
        };
      const byPassing = reference(passingFile);
      const byCanonical = reference(canonicalFile);
      const measures = [...KS.flatMap((k) => [`exec@${k}`, `execution_precision@${k}`, `ndcg@${k}`]), 'mrr'];
      const ours = evaluate(canonical, run, measures, { passing });
      let compared = 0;
      for (const [qid, values] of Object.entries(ours.perQuery)) {
        for (const k of KS) {
          expect(values[`exec@${k}`], `${qid} exec@${k}`).toBe(byPassing.per_query[qid]![`success_${k}`]);
          expect(values[`execution_precision@${k}`], `${qid} P.${k}`).toBeCloseTo(
            byPassing.per_query[qid]![`P_${k}`]!,
            12,
          );
          expect(values[`ndcg@${k}`], `${qid} ndcg_cut.${k}`).toBeCloseTo(
            byCanonical.per_query[qid]![`ndcg_cut_${k}`]!,
            12,
          );
          compared += 3;
        }
        expect(values.mrr, `${qid} recip_rank`).toBeCloseTo(byPassing.per_query[qid]!.recip_rank!, 12);
        compared++;
      }
      expect(compared).toBe(60 * 13);
    },
    120_000,
  );
});
