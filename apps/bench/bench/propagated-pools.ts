/**
 * Standard vs propagated-bug pools on the mini tasks, in one command (issue 22):
 *
 *   pnpm --filter @execret/bench propagated [-- --out dir] [-- --copies 3]
 *
 * 1. builds `mini-propagated` from `fixtures/mini-tasks` with `execret build --bug-copies 3` (the seed of the bundled
 *    `mini`, which a default build of the same tasks reproduces byte for byte),
 * 2. runs the same systems on `mini` (standard pools) and on `mini-propagated`: BM25, the tiny local model
 *    (`fixtures/tiny-model`), and over each of them `exec/consensus`, `exec/random-clone` and a scripted
 *    query-reading second stage, `exec/tests@openai-compatible/scripted`: a local fake chat server that, given the
 *    query's description, answers with the first three asserts of that task's own suite from
 *    `fixtures/mini-tasks/tasks.jsonl` — an idealised reader that understands the query and writes correct tests
 *    (an upper reference for query-reading second stages, not a model),
 * 3. compares every system on the paired tasks (`execret compare-languages --labels standard,propagated`: paired
 *    bootstrap interval of the difference, exact McNemar on exec@1) and prints the Markdown table of the README with
 *    each side's 95% interval and each second stage's lift over `exec/consensus` on both sides.
 *
 * Everything runs offline; the caches under `<out>/cache` make a second run cheap.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ChatScript, startFakeOpenAI, userMessage } from '@execret/test-kit';
import { main } from '../src/cli.js';

const REPO = resolve(import.meta.dirname, '../../..');
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const OUT = resolve(arg('out', 'propagated-pools'));
const COPIES = arg('copies', '3');
const CHAT = 'openai-compatible/scripted';
const SECOND_STAGES = ['exec/consensus', 'exec/random-clone', `exec/tests@${CHAT}`];
const TESTS_WRITTEN = 3;

/** The scripted reader: the first three asserts of the task whose query is the request's description. */
function scriptedReader(): ChatScript {
  const tasks = readFileSync(join(REPO, 'fixtures/mini-tasks/tasks.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { query: string; tests: string[] });
  const tests = new Map(tasks.map((t) => [t.query, t.tests.slice(0, TESTS_WRITTEN)]));
  return (body) => {
    const user = userMessage(body);
    const description = /Description:\n([\s\S]*?)\n\nSignature:/u.exec(user)?.[1];
    return { content: JSON.stringify({ tests: description === undefined ? [] : (tests.get(description) ?? []) }) };
  };
}

async function execret(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  process.stderr.write(`\n$ execret ${args.join(' ')}\n`);
  const code = await main(args, env);
  if (code !== 0) throw new Error(`execret ${args[0]} exited with ${code}`);
}

type Interval = { ci95_low: number; ci95_high: number };
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const f3 = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(3)}`;

async function run(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startFakeOpenAI(scriptedReader());
  const env = {
    ...process.env,
    EXECRET_CACHE_DIR: join(OUT, 'cache'),
    EXECRET_OFFLINE: '1',
    EXECRET_OPENAI_COMPATIBLE_URL: server.baseURL,
    OPENAI_API_KEY: 'sk-scripted-local',
  };
  try {
    const propagated = join(OUT, 'mini-propagated');
    await execret(
      ['build', '--tasks', join(REPO, 'fixtures/mini-tasks/tasks.jsonl'), '--bug-copies', COPIES, '--out', propagated],
      env,
    );
    const systems = [
      '--models',
      'bm25',
      '--model-config',
      join(REPO, 'fixtures/tiny-model/model-config.json'),
      '--local-models',
      join(REPO, 'fixtures/tiny-model'),
      '--rerank',
      SECOND_STAGES.join(','),
    ];
    const sides = { standard: 'mini', propagated } as const;
    for (const [label, dataset] of Object.entries(sides))
      await execret(['run', '--dataset', dataset, ...systems, '--out', join(OUT, label)], env);
    const comparison = join(OUT, 'standard-vs-propagated.json');
    await execret(
      [
        'compare-languages',
        join(OUT, 'standard'),
        join(OUT, 'propagated'),
        '--labels',
        'standard,propagated',
        '--out',
        comparison,
      ],
      env,
    );
    process.stdout.write(table(comparison));
  } finally {
    await server.close();
  }
}

/** The README's table: exec@1 with intervals on each side, the paired difference, and the lift over consensus. */
function table(comparisonFile: string): string {
  const comparison = readJson<{
    tasks: unknown[];
    systems: {
      model: string;
      measures: Record<string, { a: number; b: number; difference: number; ci: [number, number] }>;
      mcnemar: { status: string; pValue?: number };
    }[];
  }>(comparisonFile);
  const side = (label: string) => ({
    intervals: readJson<Record<string, Record<string, Interval>>>(join(OUT, label, 'tests/confidence_intervals.json')),
    lifts: readJson<{ system: string; exec1: number; baselineExec1: number; test?: { ci95: [number, number] } }[]>(
      join(OUT, label, 'tests/query_blind_lift.json'),
    ),
  });
  const standard = side('standard');
  const propagated = side('propagated');
  const withCi = (s: ReturnType<typeof side>, model: string, value: number) => {
    const ci = s.intervals[model]?.['exec@1'];
    return ci ? `${f3(value)} [${f3(ci.ci95_low)}, ${f3(ci.ci95_high)}]` : f3(value);
  };
  const lift = (s: ReturnType<typeof side>, model: string) => {
    const l = s.lifts.find((x) => x.system === model);
    if (l === undefined) return '—';
    const ci = l.test?.ci95;
    return `${signed(l.exec1 - l.baselineExec1)}${ci ? ` [${signed(ci[0])}, ${signed(ci[1])}]` : ''}`;
  };
  const rows = comparison.systems.map((s) => {
    const m = s.measures['exec@1']!;
    const p = s.mcnemar.status === 'tested' && s.mcnemar.pValue !== undefined ? s.mcnemar.pValue.toPrecision(2) : '—';
    return `| ${s.model} | ${withCi(standard, s.model, m.a)} | ${withCi(propagated, s.model, m.b)} | ${signed(-m.difference)} [${signed(-m.ci[1])}, ${signed(-m.ci[0])}] | ${p} | ${lift(standard, s.model)} | ${lift(propagated, s.model)} |`;
  });
  return [
    `exec@1 on ${comparison.tasks.length} paired tasks (95% intervals; Δ = propagated − standard, paired bootstrap; p: exact McNemar)`,
    '',
    '| system | standard | propagated | Δ | McNemar p | lift over consensus, standard | lift over consensus, propagated |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

await run();
