import { compareStage } from '@execret/pipeline';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '@execret/stats';
import { type Command, intOption } from '../command.js';
import { CONFIDENCE_OPTION, confidenceOption, OUT_OPTION, outOption, STATS_OPTIONS } from './options.js';

export const compareCommand: Command = {
  name: 'compare',
  summary: 'bootstrap intervals and paired tests (McNemar, paired bootstrap) over a results folder',
  usage: `execret compare [--out execret-results] [--seed ${DEFAULT_SEED}] [--resamples ${DEFAULT_RESAMPLES}]`,
  options: {
    ...OUT_OPTION,
    ...STATS_OPTIONS,
    ...CONFIDENCE_OPTION,
  },
  examples: ['execret compare --out ./release   # also works on the release’s own results/ folder'],
  async run({ values, io }) {
    const out = outOption(values);
    const confidence = confidenceOption(values);
    const result = await compareStage(out, {
      seed: intOption(values, 'seed', DEFAULT_SEED),
      resamples: intOption(values, 'resamples', DEFAULT_RESAMPLES),
      confidence,
    });
    io.result(
      result,
      () =>
        `compared ${result.systems} systems (${Object.keys(result.pairwise).length} pairs) in ${result.seconds.toFixed(2)} s → ${out}/tests/\n`,
    );
    return 0;
  },
};
