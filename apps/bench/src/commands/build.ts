import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { languageCounts } from '@execret/analyses';
import { writeResultsFiles } from '@execret/dataset';
import {
  buildBenchmark,
  DEFAULT_BUILD_SEED,
  DEFAULT_MAX_DISTRACTORS,
  DEFAULT_STACK_SIZE,
  formatGateReport,
  formatYieldReport,
  parseTasksJsonl,
  writeBuiltDataset,
} from '@execret/generate';
import { type Command, intOption, stringOption, UsageError } from '../command.js';
import { progressBars } from '../progress.js';
import { startCommandOracle } from '../sandbox.js';
import { ORACLE_OPTIONS } from './options.js';

/** A task's language: its `language` when it is a string, else python. */
const taskLanguage = (task: unknown): string => {
  const language = (task as { language?: unknown } | null)?.language;
  return typeof language === 'string' ? language : 'python';
};

export const buildCommand: Command = {
  name: 'build',
  summary: 'build an ExecRetrieval-style dataset from your own tasks with the execution-verified mutation engine',
  usage: `execret build --tasks tasks.jsonl --out dir [--seed ${DEFAULT_BUILD_SEED}] [--max-distractors ${DEFAULT_MAX_DISTRACTORS}] [--stack ${DEFAULT_STACK_SIZE}]`,
  options: {
    tasks: {
      type: 'string',
      placeholder: 'file',
      description:
        'tasks JSONL: id, domain, query, function_name, canonical, tests, optional language (python | javascript | typescript; a file may mix them; docs/formats.md)',
    },
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
    ...ORACLE_OPTIONS,
  },
  examples: [
    'execret build --tasks fixtures/mini-tasks/tasks.jsonl --out ./my-benchmark',
    'execret build --tasks fixtures/mini-js-tasks/tasks.jsonl --out ./my-js-benchmark',
    'execret run --dataset ./my-benchmark',
  ],
  async run(context) {
    const { values, config, io } = context;
    const tasksFile = stringOption(values, 'tasks');
    const outOption = stringOption(values, 'out');
    if (tasksFile === undefined || outOption === undefined) throw new UsageError('--tasks and --out are required');
    const out = resolve(outOption);
    let text: string;
    try {
      text = await readFile(tasksFile, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read --tasks ${tasksFile}: ${(error as Error).message}`);
    }
    const { tasks } = parseTasksJsonl(text);
    const seed = intOption(values, 'seed', DEFAULT_BUILD_SEED);
    const oracle = await startCommandOracle(context);
    const started = performance.now();
    try {
      const bars = progressBars(io.progress);
      const built = await buildBenchmark(tasks, {
        oracle,
        seed,
        maxDistractors: intOption(values, 'max-distractors', DEFAULT_MAX_DISTRACTORS),
        stackSize: intOption(values, 'stack', DEFAULT_STACK_SIZE),
        invalidTasks: values['skip-invalid'] === true ? 'skip' : 'throw',
        ...(config.python ? { python: config.python } : {}),
        onProgress: ({ phase, done, total }) => {
          bars.update(`build: ${phase}`, done, total);
          if (done === total) bars.finish(`build: ${phase}`);
        },
      });
      await writeBuiltDataset(out, built);
      const report = [
        `tasks ${tasksFile}, seed ${seed}, ${built.queries.length} queries, ${built.corpus.length} snippets, ${((performance.now() - started) / 1000).toFixed(1)} s`,
        `languages: ${Object.entries(languageCounts(tasks.map(taskLanguage)))
          .map(([name, n]) => `${name} ${n}`)
          .join(', ')}`,
        '',
        formatGateReport(built.report.gates),
        '',
        formatYieldReport(built.report.yield),
        '',
      ].join('\n');
      await writeResultsFiles(out, [['build-report.txt', report]]);
      if (io.json)
        io.stdout.write(
          `${JSON.stringify({ out, queries: built.queries.length, snippets: built.corpus.length, report: built.report }, null, 2)}\n`,
        );
      else io.stdout.write(`${report}\nwrote ${out}/data/*.jsonl — run it with: execret run --dataset ${out}\n`);
      return built.queries.length > 0 ? 0 : 1;
    } finally {
      await oracle.close();
    }
  },
};
