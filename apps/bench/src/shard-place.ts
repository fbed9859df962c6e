import {
  describeShardOrigin,
  placeShard,
  recordShardCompleted,
  type Shard,
  type ShardPlaceSource,
  shardSpecProblemMessage,
} from '@execret/analyses';
import { cacheLayout } from './cache-layout.js';
import { type CommandContext, stringOption, UsageError } from './command.js';

/** A sharded command's place, recorded in its cache folder. */
export interface ShardedCommand {
  readonly shard: Shard;
  /** Where the place came from (`spec`, `scheduler`, or `record`: a resubmitted task) and how a human reads it. */
  readonly placed: { readonly source: ShardPlaceSource; readonly by: string };
  /** Notes in the record that the command finished in this folder (what `execret merge` checks). */
  finished(): Promise<void>;
}

/**
 * Places a sharded command from `--shard` (`@execret/analyses`' `placeShard`: `i/n`, or `auto` / `auto/<n>` for a
 * Slurm job array or a Kubernetes Indexed Job, with the record of the cache folder for a resubmitted task, recorded
 * in `<cache>/shard.json` before any work). `undefined` without `--shard`.
 *
 * @throws UsageError when the process cannot be placed, saying why and what to do
 */
export async function openShardedCommand(
  { values, config, io }: Pick<CommandContext, 'values' | 'config' | 'io'>,
  command: string,
): Promise<ShardedCommand | undefined> {
  const spec = stringOption(values, 'shard');
  if (spec === undefined) return undefined;
  const file = cacheLayout(config.cacheDir).shardRecord;
  const placed = await placeShard(file, spec, config.scheduler);
  if ('problem' in placed)
    throw new UsageError(
      `--shard ${shardSpecProblemMessage(placed.problem, { spec, recordFile: file, option: '--shard' })}`,
    );
  const { shard, source } = placed;
  const origin = describeShardOrigin(placed.origin, '--shard');
  const by = source === 'record' ? `recorded in ${file}: ${origin}` : origin;
  io.log(`shard ${shard.index}/${shard.count} (${by})`);
  return { shard, placed: { source, by }, finished: () => recordShardCompleted(file, command, placed.record) };
}
