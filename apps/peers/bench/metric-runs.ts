// The runs the metrics section evaluates, as TREC files: the bundled datasets' results (and the HumanEval
// build's) through `execret run`, and two synthetic runs written here (seeded): 10,000 queries × 100 results on
// a coarse score grid (ties everywhere, queries with no passing snippet, passing snippets never retrieved), and
// one at MBPP's scale (743 queries, each ranking a pool of 3,092 snippets in full).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatTrecQrels, formatTrecRun, mulberry32, type TrecQrelsRow, type TrecRunRow } from '@execret/formats';

/** One run to evaluate: a TREC run file and the two qrels files of execret's `trec/` folder. */
export interface RunSpec {
  name: string;
  /** Queries × results per query, for the tables. */
  shape: string;
  run: string;
  /** 1 = the snippet passes the query's tests (exec@k, precision@k, MRR). */
  passing: string;
  /** The query's correct ids (nDCG@k). */
  canonical: string;
}

/** `execret run` on a dataset; one RunSpec per system of its `trec/` folder. */
export function datasetRuns(cli: string, dataset: string, label: string, out: string, python: boolean): RunSpec[] {
  if (!existsSync(join(out, 'trec', 'qrels.passing'))) {
    const args = [cli, 'run', '--dataset', dataset, '--models', 'bm25', '--out', out];
    if (python) args.push('--rerank', 'exec/consensus,exec/random-clone');
    const run = spawnSync(process.execPath, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, EXECRET_OFFLINE: '1' },
    });
    if (run.status !== 0) {
      throw new Error(
        `peers: execret run --dataset ${dataset} failed (exit ${run.status}): ${run.stderr.slice(-2000)}`,
      );
    }
  }
  const trec = join(out, 'trec');
  return readdirSync(trec)
    .filter((f) => f.endsWith('.run'))
    .sort()
    .map((file) => ({
      name: `${label} ${file.replace(/\.run$/, '').replaceAll('__', '/')}`,
      shape: 'top 10 (+ boundary ties)',
      run: join(trec, file),
      passing: join(trec, 'qrels.passing'),
      canonical: join(trec, 'qrels.canonical'),
    }));
}

/**
 * 10,000 queries × 100 results, scores on a 0.05 grid (21 values: ties in every query), written in document-id
 * order (ascending) so that no tool gets the tie rule's order for free. 10% of the queries have no passing
 * snippet (one judgement of 0, so they are in the qrels), 10% have a passing snippet that was not retrieved, the
 * rest 1–3 passing among the 100; the canonical is the first passing snippet (none for the first group).
 */
export function syntheticTies(dir: string, seed: number): RunSpec {
  return writeSynthetic(
    dir,
    'synthetic, ties',
    '10,000 × 100',
    seed,
    10_000,
    100,
    (rand) => Math.round(rand() * 20) / 20,
  );
}

/** 743 queries × 3,092 snippets (MBPP's build at `--min-tests 3`), every snippet ranked, scores on a 1e-6 grid. */
export function syntheticMbppScale(dir: string, seed: number): RunSpec {
  return writeSynthetic(
    dir,
    'synthetic, MBPP scale',
    '743 × 3,092',
    seed,
    743,
    3092,
    (rand) => Math.round(rand() * 1e6) / 1e6,
  );
}

function writeSynthetic(
  dir: string,
  name: string,
  shape: string,
  seed: number,
  queries: number,
  docs: number,
  score: (rand: () => number) => number,
): RunSpec {
  const spec: RunSpec = {
    name,
    shape,
    run: join(dir, 'synthetic.run'),
    passing: join(dir, 'qrels.passing'),
    canonical: join(dir, 'qrels.canonical'),
  };
  if (existsSync(spec.canonical)) return spec;
  mkdirSync(dir, { recursive: true });
  const rand = mulberry32(seed);
  const shared = docs > 1000; // MBPP scale: one pool of snippets ranked for every query
  const runRows: TrecRunRow[] = [];
  const passingRows: TrecQrelsRow[] = [];
  const canonicalRows: TrecQrelsRow[] = [];
  const width = String(docs).length;
  for (let q = 0; q < queries; q++) {
    const queryId = `q${String(q + 1).padStart(5, '0')}`;
    const docId = (i: number): string => (shared ? 'c' : `${queryId}_d`) + String(i + 1).padStart(width, '0');
    for (let i = 0; i < docs; i++) runRows.push({ queryId, docId: docId(i), rank: i + 1, score: score(rand) });
    const kind = rand();
    if (kind < 0.1) {
      passingRows.push({ queryId, docId: docId(0), relevance: 0 });
      canonicalRows.push({ queryId, docId: docId(0), relevance: 0 });
      continue;
    }
    const picked = new Set<number>();
    const count = kind < 0.2 ? 1 : 1 + Math.floor(rand() * 3);
    while (picked.size < count) picked.add(Math.floor(rand() * docs));
    const passing = [...picked].map(docId);
    if (kind < 0.2) passing[0] = `${queryId}_unretrieved`;
    for (const id of passing) passingRows.push({ queryId, docId: id, relevance: 1 });
    canonicalRows.push({ queryId, docId: passing[0]!, relevance: 1 });
  }
  writeFileSync(spec.run, formatTrecRun(runRows, 'synthetic'));
  writeFileSync(spec.passing, formatTrecQrels(passingRows));
  writeFileSync(spec.canonical, formatTrecQrels(canonicalRows));
  return spec;
}
