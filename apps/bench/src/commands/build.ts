import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeResultsFiles } from '@execret/dataset';
import {
  buildBenchmark,
  DEFAULT_BUILD_SEED,
  DEFAULT_MAX_DISTRACTORS,
  DEFAULT_STACK_SIZE,
  formatBuildReport,
  type ReadTaskSetResult,
  readTaskFile,
  writeBuiltDataset,
} from '@execret/generate';
import { type Command, type CommandContext, givenInt, intOption, stringOption, UsageError } from '../command.js';
import { progressBars } from '../progress.js';
import { startCommandOracle } from '../sandbox.js';
import { ORACLE_OPTIONS, TASKS_OPTIONS, TEST_BOUNDS_OPTIONS } from './options.js';

/** The task set of `--tasks` (in the format `--tasks-format` names, else detected from its rows). */
export async function readTasksOption({
  values,
  config,
}: CommandContext): Promise<{ file: string; set: ReadTaskSetResult }> {
  const file = stringOption(values, 'tasks');
  if (file === undefined) throw new UsageError('--tasks is required');
  const format = stringOption(values, 'tasks-format');
  const options = { ...(format ? { format } : {}), ...(config.python ? { python: config.python } : {}) };
  return { file, set: await readTaskFile(file, options) };
}

export const buildCommand: Command = {
  name: 'build',
  summary: 'build an ExecRetrieval-style dataset from your own tasks with the execution-verified mutation engine',
  usage: `execret build --tasks tasks.jsonl|HumanEval.jsonl.gz|mbpp.jsonl --out dir [--seed ${DEFAULT_BUILD_SEED}] [--min-tests 7] [--max-tests 10] [--max-distractors ${DEFAULT_MAX_DISTRACTORS}] [--stack ${DEFAULT_STACK_SIZE}] [--bug-copies k]`,
  options: {
    ...TASKS_OPTIONS,
    out: {
      type: 'string',
      short: 'o',
      placeholder: 'dir',
      description: 'output release directory (data/*.jsonl + build-report.txt)',
    },
    seed: {
      type: 'string',
      placeholder: 'n',
      default: String(DEFAULT_BUILD_SEED),
      description: 'seed of the distractor choice (same seed → byte-identical dataset)',
    },
    'max-distractors': {
      type: 'string',
      placeholder: 'n',
      default: String(DEFAULT_MAX_DISTRACTORS),
      description: 'distractors per task, at most',
    },
    stack: {
      type: 'string',
      placeholder: 'n',
      default: String(DEFAULT_STACK_SIZE),
      description: 'edits per distractor: 1, or 2–4 for the stacked-mutant ablation',
    },
    'skip-invalid': { type: 'boolean', description: 'leave out tasks the validation gates reject (default: fail)' },
    ...TEST_BOUNDS_OPTIONS,
    'bug-copies': {
      type: 'string',
      placeholder: 'k',
      description: 'propagated-bug pools: one distractor per task plus k − 1 verified cosmetic copies of it (k ≥ 2)',
    },
    ...ORACLE_OPTIONS,
  },
  examples: [
    'execret build --tasks fixtures/mini-tasks/tasks.jsonl --out ./my-benchmark',
    'execret build --tasks fixtures/mini-js-tasks/tasks.jsonl --out ./my-js-benchmark',
    'execret build --tasks HumanEval.jsonl.gz --min-tests 3 --max-tests 100 --out ./humaneval-bench',
    'execret build --tasks mbpp.jsonl --tasks-format mbpp --min-tests 3 --out ./mbpp-bench',
    'execret build --tasks fixtures/mini-tasks/tasks.jsonl --bug-copies 3 --out ./mini-propagated',
    'execret run --dataset ./my-benchmark',
  ],
  async run(context) {
    const { values, config, io } = context;
    const outOption = stringOption(values, 'out');
    if (outOption === undefined) throw new UsageError('--tasks and --out are required');
    const out = resolve(outOption);
    const { file: tasksFile, set } = await readTasksOption(context);
    const oracle = await startCommandOracle(context);
    const started = performance.now();
    try {
      const bars = progressBars(io.progress);
      const built = await buildBenchmark(set.tasks, {
        oracle,
        seed: intOption(values, 'seed', DEFAULT_BUILD_SEED),
        maxDistractors: intOption(values, 'max-distractors', DEFAULT_MAX_DISTRACTORS),
        stackSize: intOption(values, 'stack', DEFAULT_STACK_SIZE),
        invalidTasks: values['skip-invalid'] === true ? 'skip' : 'throw',
        ...givenInt(values, 'min-tests', 'minTests'),
        ...givenInt(values, 'max-tests', 'maxTests'),
        ...givenInt(values, 'bug-copies', 'bugCopies'),
        ...(config.python ? { python: config.python } : {}),
        onProgress: ({ phase, done, total }) => {
          bars.update(`build: ${phase}`, done, total);
          if (done === total) bars.finish(`build: ${phase}`);
        },
      });
      await writeBuiltDataset(out, built);
      const seconds = (performance.now() - started) / 1000;
      const report = formatBuildReport(built, { source: tasksFile, seconds, taskSet: set });
      await writeResultsFiles(out, [['build-report.txt', report]]);
      io.result(
        { out, queries: built.queries.length, snippets: built.corpus.length, report: built.report },
        () => `${report}\nwrote ${out}/data/*.jsonl — run it with: execret run --dataset ${out}\n`,
      );
      return built.queries.length > 0 ? 0 : 1;
    } finally {
      await oracle.close();
    }
  },
};
