import { resolve } from 'node:path';
import { type Command, stringOption } from '../command.js';
import { reportStage } from '../stages.js';
import { OUT_OPTION } from './options.js';

export const reportCommand: Command = {
  name: 'report',
  summary:
    'write report.html, leaderboard.md/.csv/.tex, significance.tex and full_leaderboard.json from a results folder',
  usage: 'execret report [--out execret-results] [--title text]',
  options: { ...OUT_OPTION, title: { type: 'string', placeholder: 'text', description: 'report title' } },
  async run({ values, io }) {
    const out = resolve(stringOption(values, 'out') ?? 'execret-results');
    const { files } = await reportStage(out, stringOption(values, 'title') ?? 'execret report');
    if (io.json) io.stdout.write(`${JSON.stringify({ files }, null, 2)}\n`);
    else io.stdout.write(`${files.join('\n')}\n`);
    return 0;
  },
};
