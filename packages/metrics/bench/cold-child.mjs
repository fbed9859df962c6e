// One evaluation of TREC files by one checkout's built @execret/formats and @execret/metrics, in a fresh Node
// process: the child of bench/cold.bench.ts. Prints one JSON line: the time of each phase (ms since the process
// started: `boot` is Node's own start-up), the process's CPU time (every thread) and peak memory, the means, and
// with warm repeats their median time and a digest of every per-query value.
//
// Usage: node cold-child.mjs <checkout> <records|columns> <spec.json> [warm repeats]
//   records: parseTrecRun → one Record per query → evaluate (the SPEC section 4 path; all a checkout before
//            evaluateColumns has)
//   columns: parseTrecRunColumns → evaluateColumns
// spec.json: { "run", "passing", "canonical" (file paths), "measures" }
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const [root, mode, specFile, warmText] = process.argv.slice(2);
const phases = { boot: performance.now() };
let mark = phases.boot;
const lap = (name) => {
  const now = performance.now();
  phases[name] = now - mark;
  mark = now;
};

const load = (name) => import(pathToFileURL(join(root, 'packages', name, 'dist', 'index.js')).href);
const formats = await load('formats');
const metrics = await load('metrics');
lap('import');

const spec = JSON.parse(readFileSync(specFile, 'utf8'));
const canonicalText = readFileSync(spec.canonical, 'utf8');
const passingText = readFileSync(spec.passing, 'utf8');
const runText = readFileSync(spec.run, 'utf8');
lap('read');

const qrels = {};
for (const row of formats.parseTrecQrels(canonicalText).rows) {
  qrels[row.queryId] ??= {};
  qrels[row.queryId][row.docId] = row.relevance;
}
const passing = {};
for (const row of formats.parseTrecQrels(passingText).rows) {
  passing[row.queryId] ??= [];
  if (row.relevance > 0) passing[row.queryId].push(row.docId);
}
lap('qrels');

let evaluateOnce;
if (mode === 'records') {
  const { rows } = formats.parseTrecRun(runText);
  lap('parse');
  const run = {};
  for (const row of rows) {
    run[row.queryId] ??= {};
    run[row.queryId][row.docId] = row.score;
  }
  lap('records');
  evaluateOnce = () => metrics.evaluate(qrels, run, spec.measures, { passing });
} else if (mode === 'columns') {
  const { queries } = formats.parseTrecRunColumns(runText);
  lap('parse');
  evaluateOnce = () => metrics.evaluateColumns(qrels, queries, spec.measures, { passing });
} else {
  throw new Error(`cold-child: mode must be records or columns, received ${mode}`);
}
let result = evaluateOnce();
lap('evaluate');
const cpu = process.cpuUsage();
const out = {
  phases,
  cpuMs: (cpu.user + cpu.system) / 1000,
  maxRssMb: process.resourceUsage().maxRSS / 1024,
  mean: result.mean,
};

const repeats = Number(warmText ?? 0);
if (repeats > 0) {
  const started = performance.now();
  for (let i = 1; i < 20 && performance.now() - started < 1000; i++) result = evaluateOnce();
  const times = [];
  for (let i = 0; i < repeats; i++) {
    const t = performance.now();
    result = evaluateOnce();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  out.warmMs = times[Math.floor(times.length / 2)];
  const digest = createHash('sha256');
  for (const qid of result.queryIds)
    digest.update(`${qid}\t${spec.measures.map((m) => result.perQuery[qid][m]).join(',')}\n`);
  out.digest = digest.digest('hex');
}
process.stdout.write(`${JSON.stringify(out)}\n`);
