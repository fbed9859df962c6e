import { formatSystemsTable, runSystems } from '@execret/pipeline';
import type { Command } from '../command.js';

export const modelsCommand: Command = {
  name: 'models',
  summary: 'list the model registry with every recorded setting',
  usage: 'execret models [--json]',
  options: {},
  async run({ io }) {
    io.result(runSystems(), formatSystemsTable);
    return 0;
  },
};
