import { reportStage } from '@execret/pipeline';
import { type Command, stringOption } from '../command.js';
import { OUT_OPTION, outOption } from './options.js';

export const reportCommand: Command = {
  name: 'report',
  summary:
    'write report.html, leaderboard.md/.csv/.tex, significance.tex and full_leaderboard.json from a results folder',
  usage: 'execret report [--out execret-results] [--title text]',
  options: { ...OUT_OPTION, title: { type: 'string', placeholder: 'text', description: 'report title' } },
  async run({ values, io }) {
    const out = outOption(values);
    const { files } = await reportStage(out, stringOption(values, 'title') ?? 'execret report');
    io.result({ files }, () => `${files.join('\n')}\n`);
    return 0;
  },
};
