#!/usr/bin/env node
// Checks a sharded run against an unsharded one, as the Slurm check (scripts/slurm-sharded-run.sh) runs it:
//
//   node apps/bench/scripts/check-sharded-run.mjs <unsharded results> <merged results> [<shard cache folder>...]
//
// 1. The two results folders, file by file (@execret/dataset's compareResultsFolders): byte-identical, or the same
//    once the fields that record the run itself are set aside (RUN_RECORD_FIELDS, each named here); anything else is a
//    difference.
// 2. The merged run's manifest: nothing executed or embedded (verify, retrieved pairs, the oracle, second stages,
//    embedding requests).
// 3. Each shard cache folder: every execution its caches hold (the oracle's and the execution rerankers') belongs to
//    its own shard (shard.json) by the key rule (@execret/analyses' shardOfKey), so no execution was done by two shards.
// Prints what it found; exits 1 when a check fails.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { executionShardKey, readShardRecord, shardOfKey } from '@execret/analyses';
import { compareResultsFolders, RUN_RECORD_FIELDS } from '@execret/dataset';
import { parseArtifactCache } from '@execret/exec-rerank';
import { parseExecutionCache } from '@execret/oracle';

const [unsharded, merged, ...shards] = process.argv.slice(2);
if (unsharded === undefined || merged === undefined) {
  console.error('usage: check-sharded-run.mjs <unsharded results> <merged results> [<shard cache folder>...]');
  process.exit(2);
}
const failures = [];

const comparison = await compareResultsFolders(unsharded, merged);
console.log(`byte-identical (${comparison.identical.length}): ${comparison.identical.join(', ')}`);
for (const file of comparison.sameResults) {
  const named = RUN_RECORD_FIELDS.filter(
    (r) =>
      r.file === file ||
      (r.file === 'rerank/<system>.jsonl' && file.startsWith('rerank/') && file !== 'rerank/exec-artifacts.jsonl'),
  ).map((r) => `${r.fields.join(', ')} (${r.records})`);
  console.log(`identical apart from the run's own record: ${file} — ${named.join('; ')}`);
}
for (const [what, files] of [
  ['different', comparison.different],
  [`only in ${unsharded}`, comparison.onlyInA],
  [`only in ${merged}`, comparison.onlyInB],
])
  if (files.length > 0) failures.push(`${what}: ${files.join(', ')}`);

const manifest = JSON.parse(await readFile(join(merged, 'manifest.json'), 'utf8'));
const counters = {
  'verify.executed': manifest.verify?.executed ?? 0,
  'retrieved_pairs.executed': manifest.retrieved_pairs.executed,
  'oracle_stats.executed': manifest.oracle_stats?.executed ?? 0,
  ...Object.fromEntries(
    manifest.two_stage_systems.map((s) => [
      `two_stage_systems[${s.model}].execution.executions`,
      s.execution?.executions ?? 0,
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(manifest.embedding).map(([model, e]) => [
      `embedding[${model}].usage.requests`,
      e.usage.query.requests + e.usage.document.requests,
    ]),
  ),
};
console.log(
  `merged run's manifest: ${Object.entries(counters)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
console.log(
  `  answered from the merged caches: verify ${manifest.verify?.cached ?? 0}, retrieved pairs ${manifest.retrieved_pairs.cached}, ` +
    manifest.two_stage_systems.map((s) => `${s.model} ${s.execution?.cachedExecutions ?? 0}`).join(', '),
);
for (const [name, value] of Object.entries(counters))
  if (value !== 0) failures.push(`the merged run did work: ${name} = ${value}`);

let total = 0;
for (const folder of shards) {
  const record = await readShardRecord(join(folder, 'shard.json'));
  if (record === undefined) {
    failures.push(`${folder} has no shard record`);
    continue;
  }
  const read = async (file) => (existsSync(file) ? await readFile(file, 'utf8') : '');
  // the CLI's cache layout: <cache>/executions/execution_cache.jsonl, <cache>/rerank/exec-artifacts.jsonl
  const oracle = parseExecutionCache(await read(join(folder, 'executions', 'execution_cache.jsonl'))).entries;
  const artifacts = parseArtifactCache(await read(join(folder, 'rerank', 'exec-artifacts.jsonl'))).records.filter(
    (r) => r.kind === 'execution',
  );
  const keys = [...oracle, ...artifacts.map((r) => r.execution)].map((e) =>
    executionShardKey(e.codeSha256, e.testsSha256),
  );
  const foreign = keys.filter((k) => shardOfKey(k, record.shard.count) !== record.shard.index);
  total += oracle.length;
  console.log(
    `${folder}: shard ${record.shard.index}/${record.shard.count}, finished ${record.completed.join(', ')}; ${oracle.length} executions, ${artifacts.length} of them kept as second-stage artifacts, ${foreign.length} of another shard`,
  );
  if (foreign.length > 0) failures.push(`${folder} holds ${foreign.length} executions of other shards`);
}
if (shards.length > 0) {
  const reference = JSON.parse(await readFile(join(unsharded, 'manifest.json'), 'utf8'));
  console.log(
    `executions across the shards: ${total} (distinct, each in one shard); the unsharded run executed ${reference.oracle_stats?.executed ?? '?'}`,
  );
}

if (failures.length > 0) {
  for (const f of failures) console.error(`FAIL ${f}`);
  process.exit(1);
}
console.log('OK: the same results as the unsharded run; nothing done twice, nothing done again after the merge');
