// One cold evaluation by execret, for the metrics section's "cold" column: a fresh Node process that imports the
// built @execret/metrics and @execret/formats, reads the three TREC files of a run and evaluates every measure
// once (the caller times the whole process). The run is read into per-query columns and evaluated as such
// (parseTrecRunColumns → evaluateColumns), the path for TREC files; the qrels become evaluate's Records.
// Usage: node cold-evaluate.mjs <run.json>
import { readFileSync } from 'node:fs';
import { parseTrecQrels, parseTrecRunColumns } from '@execret/formats';
import { evaluateColumns } from '@execret/metrics';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const qrels = {};
for (const row of parseTrecQrels(readFileSync(spec.canonical, 'utf8')).rows) {
  qrels[row.queryId] ??= {};
  qrels[row.queryId][row.docId] = row.relevance;
}
const passing = {};
for (const row of parseTrecQrels(readFileSync(spec.passing, 'utf8')).rows) {
  passing[row.queryId] ??= [];
  if (row.relevance > 0) passing[row.queryId].push(row.docId);
}
const { queries } = parseTrecRunColumns(readFileSync(spec.run, 'utf8'));
evaluateColumns(qrels, queries, spec.measures, { passing });
