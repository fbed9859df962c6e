// Metrics side by side: the same TREC files through @execret/metrics' evaluateColumns() (the run read by
// @execret/formats' parseTrecRunColumns) and through ranx, ir_measures and pytrec_eval (peers_metrics.py, in the
// peers' virtual environment). Every per-query value of every shared measure is compared at 1e-12; each
// difference is attributed to a rule (ties, queries without a relevant document, queries a tool leaves out) or
// reported as unexplained. Time per evaluation: warm (median of repeated evaluations in one process, after untimed
// ones) and cold (a fresh process: start, import, read the files, evaluate once; the wall time of the whole
// process, each tool once per round, rounds interleaved).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseTrecQrels, parseTrecRunColumns } from '@execret/formats';
import { type EvaluateResult, evaluateColumns, type Qrels, type RunColumns } from '@execret/metrics';
import type { RunSpec } from './metric-runs.js';
import { formatSeconds, markdownTable, median } from './table.js';

const KS = [1, 3, 5, 10];
const MEASURES = [
  ...KS.map((k) => `exec@${k}`),
  ...KS.map((k) => `precision@${k}`),
  ...KS.map((k) => `ndcg@${k}`),
  'mrr',
];
const PEERS = ['ranx', 'ir_measures', 'pytrec_eval'] as const;
type Peer = (typeof PEERS)[number];
const TOLERANCE = 1e-12;

/** execret's inputs for one run, read from its TREC files. */
interface LoadedRun {
  qrels: Qrels;
  run: RunColumns;
  passing: Record<string, string[]>;
}

function loadRun(spec: Pick<RunSpec, 'run' | 'passing' | 'canonical'>): LoadedRun {
  const qrels: Record<string, Record<string, number>> = {};
  for (const row of parseTrecQrels(readFileSync(spec.canonical, 'utf8')).rows) {
    qrels[row.queryId] = { ...qrels[row.queryId], [row.docId]: row.relevance };
  }
  const passing: Record<string, string[]> = {};
  for (const row of parseTrecQrels(readFileSync(spec.passing, 'utf8')).rows) {
    const list = passing[row.queryId] ?? [];
    if (row.relevance > 0) list.push(row.docId);
    passing[row.queryId] = list;
  }
  return { qrels, run: parseTrecRunColumns(readFileSync(spec.run, 'utf8')).queries, passing };
}

function evaluateLoaded(loaded: LoadedRun): EvaluateResult<string> {
  return evaluateColumns(loaded.qrels, loaded.run, MEASURES, { passing: loaded.passing });
}

/** Why a per-query value differs, decided from the data (the rules are stated in the README's section). */
type Cause = 'tie order' | 'no relevant document' | 'query left out' | 'unexplained';

interface Difference {
  run: string;
  peer: Peer;
  measure: string;
  query: string;
  execret: number;
  peerValue: number | undefined;
  cause: Cause;
}

export interface MetricsOutcome {
  tables: string[];
  differences: Difference[];
  versions: Record<string, string>;
}

export function metricsSection(options: {
  python: string;
  harness: string;
  cold: string;
  work: string;
  runs: RunSpec[];
  repeats: number;
  coldRepeats: number;
  /** Which runs get the (slow) cold measurement. */
  coldFor: (spec: RunSpec) => boolean;
}): MetricsOutcome {
  const { python, harness, work, runs, repeats } = options;
  const job = join(work, 'metrics-job.json');
  const peersOut = join(work, 'metrics-peers.json');
  writeFileSync(job, JSON.stringify({ ks: KS, repeats, runs }));
  const peers = spawnSync(python, [harness, 'warm', job, peersOut], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (peers.status !== 0) throw new Error(`peers: peers_metrics.py warm failed: ${peers.stderr}`);
  const peerResults = JSON.parse(readFileSync(peersOut, 'utf8')) as {
    versions: Record<string, string>;
    runs: Record<string, Record<Peer, { seconds: number; perQuery: Record<string, Record<string, number>> }>>;
  };

  const differences: Difference[] = [];
  const timeRows: string[][] = [];
  const agreeRows: string[][] = [];
  for (const spec of runs) {
    const loaded = loadRun(spec);
    let result = warmUp(loaded);
    const warm: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const started = performance.now();
      result = evaluateLoaded(loaded);
      warm.push((performance.now() - started) / 1000);
    }
    const execretWarm = median(warm);
    const queries = Object.keys(result.perQuery);
    const withoutRelevantPassing = new Set(queries.filter((q) => (loaded.passing[q] ?? []).length === 0));
    const withoutRelevantCanonical = new Set(result.diagnostics.withoutRelevant);
    const tieDecided = result.diagnostics.tieDecidedQueries as Record<string, string[]>;
    const cold = options.coldFor(spec) ? coldTimes(options, spec) : undefined;
    const peerTimes = PEERS.map((p) => peerResults.runs[spec.name]![p].seconds);
    const fastest = Math.min(...peerTimes);
    timeRows.push([
      spec.name,
      spec.shape,
      formatSeconds(execretWarm),
      ...peerTimes.map(formatSeconds),
      `${(fastest / execretWarm).toFixed(2)}×`,
      cold ? formatSeconds(cold.execret) : '—',
      ...PEERS.map((p) => (cold ? formatSeconds(cold[p]) : '—')),
    ]);
    const agree: string[] = [spec.name, String(queries.length)];
    for (const peer of PEERS) {
      const values = peerResults.runs[spec.name]![peer].perQuery;
      let compared = 0;
      let differing = 0;
      for (const measure of MEASURES) {
        const theirs = values[measure] ?? {};
        const ties = new Set(tieDecided[measure] ?? []);
        const empty = measure.startsWith('ndcg') ? withoutRelevantCanonical : withoutRelevantPassing;
        for (const query of queries) {
          compared++;
          const ours = result.perQuery[query]![measure]!;
          const peerValue = theirs[query];
          if (peerValue !== undefined && Math.abs(ours - peerValue) <= TOLERANCE) continue;
          differing++;
          const cause: Cause =
            peerValue === undefined
              ? 'query left out'
              : ties.has(query)
                ? 'tie order'
                : empty.has(query)
                  ? 'no relevant document'
                  : 'unexplained';
          differences.push({ run: spec.name, peer, measure, query, execret: ours, peerValue, cause });
        }
      }
      agree.push(differing === 0 ? `all ${compared} equal` : `${compared - differing} equal, ${differing} differ`);
    }
    agreeRows.push(agree);
  }

  const causeRows = summarizeCauses(differences);
  return {
    versions: peerResults.versions,
    differences,
    tables: [
      `Per-query values of ${MEASURES.join(', ')} (exec@k = Success@k with the passing snippets as relevant; tolerance ${TOLERANCE})`,
      markdownTable(['run', 'queries', ...PEERS.map((p) => `vs ${p}`)], agreeRows),
      'Differences by cause (every differing value is counted once per peer and measure)',
      causeRows.length === 0 ? '(none)' : markdownTable(['run', 'peer', 'measures', 'cause', 'values'], causeRows),
      `Time per evaluation (all ${MEASURES.length} measures; the peers need two evaluations, one per qrels file). Warm: median of ${repeats} in one process, after untimed ones (until 1 s or 20). Cold: a fresh process (start, import, read the TREC files, evaluate once), ${options.coldRepeats === 1 ? 'one sample' : `median of ${options.coldRepeats}, the tools interleaved`}, on the first system of each dataset and the synthetic runs. execret: the run read by \`parseTrecRunColumns\`, evaluated by \`evaluateColumns\`.`,
      markdownTable(
        [
          'run',
          'queries × results',
          'execret warm',
          ...PEERS.map((p) => `${p} warm`),
          'fastest peer ÷ execret (warm)',
          'execret cold',
          ...PEERS.map((p) => `${p} cold`),
        ],
        timeRows,
      ),
    ],
  };
}

/** Untimed evaluations until one second has passed or 20 were made (V8 compiles hot code as it goes). */
function warmUp(loaded: LoadedRun): EvaluateResult<string> {
  const started = performance.now();
  let result = evaluateLoaded(loaded);
  for (let i = 1; i < 20 && performance.now() - started < 1000; i++) result = evaluateLoaded(loaded);
  return result;
}

function coldTimes(
  options: { python: string; harness: string; cold: string; work: string; coldRepeats: number },
  spec: RunSpec,
): Record<'execret' | Peer, number> {
  const file = join(options.work, 'cold-run.json');
  writeFileSync(file, JSON.stringify({ ...spec, ks: KS, measures: MEASURES }));
  const commands: [Peer | 'execret', string, string[]][] = [
    ['execret', process.execPath, [options.cold, file]],
    ...PEERS.map((p): [Peer, string, string[]] => [p, options.python, [options.harness, 'cold', p, file]]),
  ];
  const samples = new Map(commands.map(([tool]) => [tool, [] as number[]]));
  // Each tool once per round, the order rotating, so that load from other processes hits every tool alike.
  for (let round = 0; round < options.coldRepeats; round++) {
    for (let i = 0; i < commands.length; i++) {
      const [tool, command, args] = commands[(round + i) % commands.length]!;
      const started = performance.now();
      const run = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`peers: cold ${args.join(' ')} failed: ${run.stderr}`);
      samples.get(tool)!.push((performance.now() - started) / 1000);
    }
  }
  return Object.fromEntries([...samples].map(([tool, times]) => [tool, median(times)])) as Record<
    'execret' | Peer,
    number
  >;
}

function summarizeCauses(differences: Difference[]): string[][] {
  const groups = new Map<string, { run: string; peer: string; cause: string; measures: Set<string>; count: number }>();
  for (const d of differences) {
    const key = `${d.run}\u0000${d.peer}\u0000${d.cause}`;
    const group = groups.get(key) ?? { run: d.run, peer: d.peer, cause: d.cause, measures: new Set(), count: 0 };
    group.measures.add(d.measure);
    group.count++;
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => [g.run, g.peer, [...g.measures].join(', '), g.cause, String(g.count)]);
}
