// Checks @execret/metrics against fixtures/golden/metrics_golden.json, produced by an independent brute-force
// Python implementation (fixtures/golden/metrics_golden.py): trec_eval ordering, and expectations computed by
// enumerating every ordering of the tie groups.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  evaluate,
  execAtK,
  executionPrecisionAtK,
  expectedExecAtK,
  expectedExecutionPrecisionAtK,
  expectedNdcgAtK,
  expectedReciprocalRank,
  type GainMode,
  ndcgAtK,
  rankRun,
  reciprocalRank,
  type TieMode,
} from '../src/index.js';

interface Scenario {
  ties: TieMode;
  gain: GainMode;
  passing: 'given' | 'qrels';
  perQuery: Record<string, Record<string, number>>;
  mean: Record<string, number>;
  tieDecidedQueries: Record<string, string[]>;
}
interface Dataset {
  name: string;
  qrels: Record<string, Record<string, number>>;
  run: Record<string, Record<string, number>>;
  passing: Record<string, string[]>;
  missingFromRun: string[];
  notInQrels: string[];
  withoutRelevant: string[];
  missingFromPassing: string[];
  scenarios: Scenario[];
}
interface Golden {
  measures: string[];
  datasets: Dataset[];
}

const golden = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../fixtures/golden/metrics_golden.json', import.meta.url)), 'utf8'),
) as Golden;

const TOLERANCE = 1e-12;

function expectClose(actual: number | undefined, expected: number | undefined, where: string): void {
  expect(typeof actual, where).toBe('number');
  expect(typeof expected, where).toBe('number');
  expect(Math.abs((actual as number) - (expected as number)), `${where}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    TOLERANCE,
  );
}

const cases = golden.datasets.flatMap((dataset) =>
  dataset.scenarios.map((scenario) => ({
    name: `${dataset.name} ties=${scenario.ties} gain=${scenario.gain} passing=${scenario.passing}`,
    dataset,
    scenario,
  })),
);

describe('evaluate (golden)', () => {
  it('covers both datasets and all eight scenarios each', () => {
    expect(golden.datasets.map((d) => d.name)).toEqual(['spec-reference', 'random']);
    expect(cases.length).toBe(16);
  });

  it.each(cases)('matches the brute-force reference to 1e-12 for $name', ({ dataset, scenario }) => {
    const result = evaluate(dataset.qrels, dataset.run, golden.measures, {
      ties: scenario.ties,
      gain: scenario.gain,
      ...(scenario.passing === 'given' ? { passing: dataset.passing } : {}),
    });
    expect(result.queryIds).toEqual(Object.keys(dataset.qrels));
    for (const qid of Object.keys(scenario.perQuery)) {
      const row = Object.hasOwn(result.perQuery, qid) ? result.perQuery[qid] : undefined;
      for (const m of golden.measures) expectClose(row?.[m], scenario.perQuery[qid]?.[m], `${qid} ${m}`);
    }
    for (const m of golden.measures) expectClose(result.mean[m], scenario.mean[m], `mean ${m}`);
  });

  it.each(cases)('counts the queries a tie decided like the brute force for $name', ({ dataset, scenario }) => {
    const result = evaluate(dataset.qrels, dataset.run, golden.measures, {
      ties: scenario.ties,
      gain: scenario.gain,
      ...(scenario.passing === 'given' ? { passing: dataset.passing } : {}),
    });
    for (const m of golden.measures) {
      expect(result.diagnostics.tieDecidedQueries[m], m).toEqual(scenario.tieDecidedQueries[m]);
      expect(result.diagnostics.tiesDecided[m], m).toBe(scenario.tieDecidedQueries[m]?.length);
    }
  });

  it.each(golden.datasets)('reports the structural diagnostics of the $name dataset', (dataset) => {
    const result = evaluate(dataset.qrels, dataset.run, ['exec@1'], { passing: dataset.passing });
    expect(result.diagnostics.missingFromRun).toEqual(dataset.missingFromRun);
    expect(result.diagnostics.notInQrels).toEqual(dataset.notInQrels);
    expect(result.diagnostics.withoutRelevant).toEqual(dataset.withoutRelevant);
    expect(result.diagnostics.missingFromPassing).toEqual(dataset.missingFromPassing);
  });
});

describe('single-query functions (golden)', () => {
  // Rebuild each query's ranking with rankRun and feed the flags to the single-query functions.
  const scenarios = golden.datasets.flatMap((dataset) =>
    dataset.scenarios
      .filter((s) => s.passing === 'given')
      .map((scenario) => ({ name: `${dataset.name} ties=${scenario.ties} gain=${scenario.gain}`, dataset, scenario })),
  );

  it.each(scenarios)('agree with the reference for $name', ({ dataset, scenario }) => {
    let checked = 0;
    for (const qid of Object.keys(dataset.qrels)) {
      if (!Object.hasOwn(dataset.run, qid)) continue;
      const judged = dataset.qrels[qid] as Record<string, number>;
      const passes = new Set(Object.hasOwn(dataset.passing, qid) ? dataset.passing[qid] : []);
      const gainOf = (v: number | undefined): number =>
        v === undefined || v <= 0 ? 0 : scenario.gain === 'binary' ? 1 : v;
      const ranked = rankRun(dataset.run[qid] as Record<string, number>);
      const flags = ranked.docIds.map((d) => (passes.has(d) ? 1 : 0));
      const gains = ranked.docIds.map((d) => gainOf(Object.hasOwn(judged, d) ? judged[d] : undefined));
      const ideal = Object.values(judged).map(gainOf);
      const row = scenario.perQuery[qid] as Record<string, number>;
      for (const k of [1, 3, 5, 10]) {
        if (scenario.ties === 'trec') {
          expectClose(execAtK(flags, k), row[`exec@${k}`], `${qid} exec@${k}`);
          expectClose(executionPrecisionAtK(flags, k), row[`precision@${k}`], `${qid} precision@${k}`);
          expectClose(ndcgAtK(gains, k, ideal), row[`ndcg@${k}`], `${qid} ndcg@${k}`);
        } else {
          expectClose(expectedExecAtK(flags, ranked.scores, k), row[`exec@${k}`], `${qid} exec@${k}`);
          expectClose(
            expectedExecutionPrecisionAtK(flags, ranked.scores, k),
            row[`precision@${k}`],
            `${qid} precision@${k}`,
          );
          expectClose(expectedNdcgAtK(gains, ranked.scores, k, ideal), row[`ndcg@${k}`], `${qid} ndcg@${k}`);
        }
      }
      const rr = scenario.ties === 'trec' ? reciprocalRank(flags) : expectedReciprocalRank(flags, ranked.scores);
      expectClose(rr, row.mrr, `${qid} mrr`);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });
});
