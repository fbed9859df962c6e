/**
 * Builds a dataset from a tasks file and prints the gate report and the mutant yield per bug type.
 *
 *   pnpm tsx --conditions=@execret/source packages/generate/scripts/build-tasks.ts \
 *     fixtures/mini-tasks/tasks.jsonl fixtures/mini [seed]
 *
 * Writes <out>/data/*.jsonl and <out>/build-report.txt (gate issues, yield table, per-task outcomes).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createOracle } from '@execret/oracle';
import {
  buildBenchmark,
  formatGateReport,
  formatYieldReport,
  parseTasksJsonl,
  writeBuiltDataset,
} from '../src/index.js';

async function main(): Promise<void> {
  const [tasksFile, outDir, seedArg] = process.argv.slice(2);
  if (!tasksFile || !outDir) throw new Error('usage: build-tasks.ts <tasks.jsonl> <out dir> [seed]');
  const seed = seedArg === undefined ? 20260510 : Number(seedArg);
  const { tasks, lines } = parseTasksJsonl(await readFile(tasksFile, 'utf8'));
  const oracle = await createOracle();
  const started = Date.now();
  try {
    let lastPhase = '';
    const built = await buildBenchmark(tasks, {
      oracle,
      seed,
      invalidTasks: 'skip',
      onProgress: ({ phase, done, total }) => {
        if (phase !== lastPhase || done === total) process.stderr.write(`${phase} ${done}/${total}\n`);
        lastPhase = phase;
      },
    });
    await writeBuiltDataset(outDir, built);
    const outcomes = built.report.tasks
      .map(
        (t) =>
          `${t.taskId} (line ${lines[t.index]}): ${t.status}${t.queryId ? ` ${t.queryId}` : ''}, ${t.distractors} distractor(s), kept ${t.keptMutants} [${t.keptBugTypes.join(', ')}]${t.reason ? ` — ${t.reason}` : ''}`,
      )
      .join('\n');
    const text = [
      `tasks ${tasksFile}, seed ${seed}, ${built.queries.length} queries, ${built.corpus.length} snippets, ${Math.round((Date.now() - started) / 1000)} s`,
      '',
      formatGateReport(built.report.gates),
      '',
      formatYieldReport(built.report.yield),
      '',
      outcomes,
      '',
    ].join('\n');
    await mkdir(outDir, { recursive: true });
    await writeFile(join(outDir, 'build-report.txt'), text, 'utf8');
    process.stdout.write(text);
  } finally {
    await oracle.close();
  }
}

await main();
