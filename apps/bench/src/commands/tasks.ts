import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { formatTaskSetReport, serializeTasksJsonl } from '@execret/generate';
import { type Command, stringOption, UsageError } from '../command.js';
import { readTasksOption } from './build.js';
import { TASKS_OPTIONS } from './options.js';

export const tasksCommand: Command = {
  name: 'tasks',
  summary:
    'tasks convert: write a HumanEval or MBPP file (or a tasks file) as execret tasks JSONL, to edit before a build',
  usage: 'execret tasks convert --tasks HumanEval.jsonl.gz --out tasks.jsonl [--tasks-format humaneval|mbpp|tasks]',
  options: {
    ...TASKS_OPTIONS,
    out: { type: 'string', short: 'o', placeholder: 'file', description: 'tasks JSONL to write' },
  },
  examples: [
    'execret tasks convert --tasks HumanEval.jsonl.gz --out humaneval-tasks.jsonl',
    'execret build --tasks humaneval-tasks.jsonl --min-tests 3 --max-tests 100 --out ./humaneval-bench',
  ],
  async run(context) {
    const { values, positionals, io } = context;
    if (positionals[0] !== 'convert') throw new UsageError('the one subcommand is `execret tasks convert`');
    const out = stringOption(values, 'out');
    if (out === undefined) throw new UsageError('--out is required');
    const { set } = await readTasksOption(context);
    const path = resolve(out);
    await writeFile(path, serializeTasksJsonl(set.tasks));
    io.result(
      { out: path, format: set.format, counts: set.counts },
      () => `${formatTaskSetReport(set)}\nwrote ${set.tasks.length} tasks to ${path}\n`,
    );
    return set.tasks.length > 0 ? 0 : 1;
  },
};
