import { type OpenedShard, openShard } from '@execret/pipeline';
import { type CommandContext, stringOption, UsageError } from './command.js';

/**
 * Places a sharded command from `--shard` (`@execret/pipeline`'s `openShard`: `i/n`, or `auto` / `auto/<n>` with the
 * scheduler's variables and the cache folder's record), logs where the place came from; `undefined` without `--shard`.
 *
 * @throws UsageError when the process cannot be placed, saying why and what to do
 */
export async function openShardedCommand(
  { values, config, io }: Pick<CommandContext, 'values' | 'config' | 'io'>,
  command: string,
): Promise<OpenedShard | undefined> {
  const spec = stringOption(values, 'shard');
  if (spec === undefined) return undefined;
  const opened = await openShard(spec, { cacheDir: config.cacheDir, scheduler: config.scheduler, command });
  if ('problem' in opened) throw new UsageError(`--shard ${opened.problem}`);
  io.log(`shard ${opened.shard.index}/${opened.shard.count} (${opened.placed.by})`);
  return opened;
}
