// Statistics side by side: compareSystems (exact McNemar on the binary measures, paired percentile bootstrap on
// every measure, 5,000 shared resamples) against scipy's exact binomial test (the same test as McNemar's exact:
// p-values must be equal) and ranx's comparisons (Fisher's randomization test and Student's paired t-test, the
// tests ranx 0.3.21 offers besides Tukey's HSD; none is a test compareSystems runs, so only their decisions are
// set beside the bootstrap intervals'). 24 systems × 939 queries × 12 measures, synthetic and seeded.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { mulberry32 } from '@execret/formats';
import { type CompareSystemsResult, compareSystems } from '@execret/stats';
import { formatSeconds, markdownTable, median } from './table.js';

const SYSTEMS = 24;
const QUERIES = 939;
const KS = [1, 3, 5, 10];
const BINARY = KS.map((k) => `exec@${k}`);
const ALPHA = 0.05;
/** The measures ranx's Fisher randomization test is timed on (≈ 0.25 s a test here; see peers_stats.py). */
const FISHER = ['exec@1'];

/** Per-query scores of 24 systems of increasing quality; exec@k is monotone in k, nDCG and precision follow it. */
function syntheticScores(seed: number): Record<string, Record<string, number[]>> {
  const rand = mulberry32(seed);
  const scores: Record<string, Record<string, number[]>> = {};
  for (let s = 0; s < SYSTEMS; s++) {
    const name = `system-${String(s + 1).padStart(2, '0')}`;
    const quality = 0.05 + (0.6 * s) / (SYSTEMS - 1);
    const measures: Record<string, number[]> = {};
    for (const k of KS) {
      measures[`exec@${k}`] = [];
      measures[`precision@${k}`] = [];
      measures[`ndcg@${k}`] = [];
    }
    for (let q = 0; q < QUERIES; q++) {
      // the rank of the first passing snippet: geometric in the system's quality, capped at 20
      let rank = 1;
      while (rank < 20 && rand() > quality) rank++;
      const passingInTop10 = 1 + Math.floor(rand() * 3);
      for (const k of KS) {
        const hit = rank <= k ? 1 : 0;
        measures[`exec@${k}`]!.push(hit);
        measures[`precision@${k}`]!.push(hit ? Math.min(k, passingInTop10) / k : 0);
        measures[`ndcg@${k}`]!.push(hit ? 1 / Math.log2(rank + 1) : 0);
      }
    }
    scores[name] = measures;
  }
  return scores;
}

export interface StatisticsOutcome {
  tables: string[];
  summary: Record<string, unknown>;
}

export function statisticsSection(options: {
  python: string;
  harness: string;
  work: string;
  seed: number;
}): StatisticsOutcome {
  const scores = syntheticScores(options.seed);
  const input = join(options.work, 'stats-scores.json');
  const output = join(options.work, 'stats-peers.json');
  writeFileSync(input, JSON.stringify({ systems: scores, binary: BINARY, fisher: FISHER }));

  compareSystems(scores); // untimed: the first call pays for compilation
  const times: number[] = [];
  let ours: CompareSystemsResult | undefined;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    ours = compareSystems(scores);
    times.push((performance.now() - started) / 1000);
  }
  const result = ours!;

  const run = spawnSync(options.python, [options.harness, input, output], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`peers: peers_stats.py failed: ${run.stderr}`);
  const peers = JSON.parse(readFileSync(output, 'utf8')) as {
    binomial: Record<string, Record<string, number>>;
    /** null: ranx's p-value was NaN (the two systems score alike on every query). */
    fisher: Record<string, Record<string, number | null>>;
    student: Record<string, Record<string, number | null>>;
    seconds: Record<'binomial' | 'fisher' | 'student', number>;
  };

  // McNemar exact vs scipy's binomial: the same test.
  let compared = 0;
  let equal = 0;
  let maxDiff = 0;
  for (const [pair, measures] of Object.entries(result.pairwise)) {
    for (const m of BINARY) {
      const p = (measures[m] as { mcnemar_exact_p: number }).mcnemar_exact_p;
      const q = peers.binomial[pair]![m]!;
      const diff = Math.abs(p - q);
      compared++;
      if (diff <= 1e-12 * Math.max(1, Math.abs(q))) equal++;
      maxDiff = Math.max(maxDiff, diff);
    }
  }

  // ranx's tests vs the bootstrap interval: decisions at α = 0.05 (not the same tests).
  const decisions = (test: 'fisher' | 'student'): string => {
    let agree = 0;
    let total = 0;
    for (const [pair, measures] of Object.entries(result.pairwise)) {
      for (const [m, comparison] of Object.entries(measures)) {
        const p = peers[test][pair]![m];
        if (p === undefined) continue;
        const [low, high] = (comparison as { bootstrap_ci_95: [number, number] }).bootstrap_ci_95;
        const bootstrapSignificant = low > 0 || high < 0;
        const ranxSignificant = p !== null && p < ALPHA; // NaN: ranx reports no difference
        total++;
        if (bootstrapSignificant === ranxSignificant) agree++;
      }
    }
    return `${agree} of ${total} (${((100 * agree) / total).toFixed(1)}%)`;
  };

  const pairs = (SYSTEMS * (SYSTEMS - 1)) / 2;
  const measures = Object.keys(scores[Object.keys(scores)[0]!]!).length;
  const execretTime = median(times);
  return {
    summary: { mcnemarVsBinomial: { compared, equal, maxDiff }, seconds: { execret: execretTime, ...peers.seconds } },
    tables: [
      `${SYSTEMS} systems × ${QUERIES} queries × ${measures} measures (synthetic, seeded), ${pairs} pairs`,
      markdownTable(
        ['test', 'execret', 'peer', 'p-values compared', 'equal (≤ 1e-12)', 'largest |Δp|'],
        [
          [
            'exact McNemar on exec@1/3/5/10',
            '`compareSystems` → `mcnemar_exact_p`',
            'scipy `binomtest(b, b + c, 0.5)`',
            String(compared),
            String(equal),
            maxDiff.toExponential(2),
          ],
        ],
      ),
      `ranx 0.3.21 has no bootstrap and no McNemar test; its tests are not compareSystems' tests. Agreement of decisions at α = ${ALPHA} with the paired bootstrap interval excluding 0, over every pair and measure:`,
      markdownTable(
        ['ranx test', 'agrees with the bootstrap interval'],
        [
          [`Fisher's randomization (1,000 permutations, seed 42; ${FISHER.join(', ')} only)`, decisions('fisher')],
          ["Student's paired t (scipy `ttest_rel`)", decisions('student')],
        ],
      ),
      'Time for the whole comparison (warm, in one process)',
      markdownTable(
        ['what', 'computes', 'time'],
        [
          [
            'execret `compareSystems`',
            `McNemar on 4 binary measures + paired bootstrap intervals (5,000 resamples) on all ${measures} measures, ${pairs} pairs, and per-system intervals`,
            formatSeconds(execretTime),
          ],
          [
            'scipy `binomtest`',
            `exact binomial on 4 binary measures, ${pairs} pairs`,
            formatSeconds(peers.seconds.binomial),
          ],
          [
            'ranx Fisher randomization',
            `${FISHER.length} measure (${FISHER.join(', ')}), every ordered pair (${2 * pairs}), 1,000 permutations; all ${measures} measures: ×${measures / FISHER.length}, extrapolated`,
            `${formatSeconds(peers.seconds.fisher)} (≈ ${formatSeconds((peers.seconds.fisher * measures) / FISHER.length)} for ${measures})`,
          ],
          [
            "ranx Student's t",
            `${measures} measures, every ordered pair (${2 * pairs})`,
            formatSeconds(peers.seconds.student),
          ],
        ],
      ),
    ],
  };
}
