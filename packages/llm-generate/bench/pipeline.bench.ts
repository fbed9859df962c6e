/**
 * Pipeline overhead of `generateDataset` without model latency: the fake OpenAI server answers at once
 * with correct locked-mode replies built from the mini build (every task of fixtures/mini
 * with four distractors: its canonical, tests and the mutation engine's distractors), so what is
 * measured is request handling, parsing, the validation gates, the oracle, the integrity pass and
 * writing + checking the release.
 *
 *   pnpm --filter @execret/llm-generate bench                 # 3 runs of each (median reported)
 *   pnpm --filter @execret/llm-generate bench -- --runs 1
 *
 * Reference, side by side: `validateTasks` of @execret/generate on the same tasks and distractors with
 * the same oracle, in one call: the floor of the validation work, without requests, progress file,
 * single-edit gate, integrity pass or writing.
 * Reports wall time and process CPU time (user + system), which shared machines disturb less.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { validateTasks } from '@execret/generate';
import { createOracle } from '@execret/oracle';
import { promptField, startFakeOpenAI } from '@execret/test-kit';
import { generateDataset } from '../src/index.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUILD = join(ROOT, 'fixtures/mini/data');

const readJsonl = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    // biome-ignore lint/suspicious/noExplicitAny: the bench reads rows it wrote itself
    .map((l) => JSON.parse(l) as Record<string, any>);
const corpus = new Map(readJsonl(join(BUILD, 'corpus.jsonl')).map((c) => [c.corpus_id as string, c]));
const queries = readJsonl(join(BUILD, 'queries.jsonl')).filter((q) => q.paired_distractor_corpus_ids.length === 4);
const registry = queries.map((q) => ({
  id: q.metadata.task_id as string,
  function_name: q.metadata.function_name as string,
  query: q.query as string,
  domain: q.metadata.domain as string,
}));
const replies = new Map(
  queries.map((q) => [
    q.metadata.function_name as string,
    JSON.stringify({
      canonical: corpus.get(q.correct_corpus_ids[0])!.code,
      tests: q.test_suite,
      distractors: (q.paired_distractor_corpus_ids as string[]).map((id) => ({
        bug_type: corpus.get(id)!.bug_type,
        code: corpus.get(id)!.code,
        description: 'mutation engine',
      })),
    }),
  ]),
);
const tasks = queries.map((q) => ({
  id: q.metadata.task_id,
  domain: q.metadata.domain,
  query: q.query,
  function_name: q.metadata.function_name,
  canonical: corpus.get(q.correct_corpus_ids[0])!.code,
  tests: q.test_suite,
  distractors: (q.paired_distractor_corpus_ids as string[]).map((id) => corpus.get(id)!.code),
}));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const server = await startFakeOpenAI((_body, { subject }) => ({ content: replies.get(subject) ?? '{}' }), {
  subject: (body) => promptField(body, 'Function name'),
});
const oracle = await createOracle();
console.log(
  `${registry.length} entries (mini build tasks with 4 distractors), oracle isolation ${oracle.info.isolation}, load average ${loadavg()[0]!.toFixed(1)}`,
);
const steps: Record<string, { wall: number[]; cpu: number[] }> = {};
const record = (name: string, wall: number, cpu: number) => {
  steps[name] ??= { wall: [], cpu: [] };
  steps[name]!.wall.push(wall);
  steps[name]!.cpu.push(cpu);
};
try {
  for (let run = 0; run < RUNS; run += 1) {
    for (const batch of [false, true]) {
      const dir = mkdtempSync(join(tmpdir(), 'llm-generate-bench-'));
      try {
        const t0 = performance.now();
        const c0 = cpuMs();
        const { report } = await generateDataset(registry, {
          endpoint: { baseURL: server.baseURL, apiKey: 'bench' },
          model: 'fake',
          outDir: dir,
          oracle,
          ...(batch ? { batch: { sleep: async () => undefined } } : {}),
        });
        record(
          batch ? 'generateDataset, Batch API' : 'generateDataset, chat (concurrency 4)',
          performance.now() - t0,
          cpuMs() - c0,
        );
        if (report.entries.accepted !== registry.length)
          throw new Error(
            `expected every entry accepted, got ${JSON.stringify(report.entries)} ${JSON.stringify(report.rejectionReasons)}`,
          );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const t0 = performance.now();
    const c0 = cpuMs();
    const gates = await validateTasks(tasks, { oracle });
    record('reference: validateTasks, one call', performance.now() - t0, cpuMs() - c0);
    if (!gates.ok) throw new Error('the reference gates rejected a task');
  }
  console.log(
    `\n${'step'.padEnd(46)} ${'wall median'.padStart(12)} ${'per entry'.padStart(10)} ${'CPU median'.padStart(11)}   (${RUNS} runs, ms; CPU of this process only)`,
  );
  for (const [name, s] of Object.entries(steps)) {
    const wall = median(s.wall);
    console.log(
      `${name.padEnd(46)} ${wall.toFixed(0).padStart(12)} ${(wall / registry.length).toFixed(1).padStart(10)} ${median(s.cpu).toFixed(0).padStart(11)}`,
    );
  }
} finally {
  await oracle.close();
  await server.close();
}
