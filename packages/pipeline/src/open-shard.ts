import {
  describeShardOrigin,
  placeShard,
  recordShardCompleted,
  type Shard,
  type ShardPlaceSource,
  type ShardScheduler,
  shardSpecProblemMessage,
} from '@execret/analyses';
import { cacheLayout } from './cache-layout.js';

/** A sharded stage's place, recorded in its cache folder. */
export interface OpenedShard {
  readonly shard: Shard;
  /** Where the place came from (`spec`, `scheduler`, or `record`: a resubmitted task) and how a human reads it. */
  readonly placed: { readonly source: ShardPlaceSource; readonly by: string };
  /** Notes in the record that `command` finished in this folder (what merging the folders checks). */
  finished(): Promise<void>;
}

/**
 * Places a sharded stage (`@execret/analyses`' `placeShard`): `spec` is `i/n`, or `auto` / `auto/<n>` for a Slurm job
 * array or a Kubernetes Indexed Job (`scheduler`: their variables), with the record of the cache folder
 * (`cacheLayout(cacheDir).shardRecord`) for a resubmitted task; the place is recorded there before any work. When it
 * cannot be placed, `problem` says why and what to do (`@execret/analyses`' `shardSpecProblemMessage`, naming
 * `option`, default `--shard`).
 *
 * @example
 * const opened = await openShard('auto', { cacheDir, scheduler: { slurmArrayTaskId: '2', … }, command: 'run' });
 * if ('problem' in opened) throw new Error(opened.problem);
 * // … the shard's work …
 * await opened.finished();
 */
export async function openShard(
  spec: string,
  options: {
    readonly cacheDir: string;
    readonly scheduler: ShardScheduler;
    readonly command: string;
    readonly option?: string;
  },
): Promise<OpenedShard | { readonly problem: string }> {
  const option = options.option ?? '--shard';
  const file = cacheLayout(options.cacheDir).shardRecord;
  const placed = await placeShard(file, spec, options.scheduler);
  if ('problem' in placed)
    return { problem: shardSpecProblemMessage(placed.problem, { spec, recordFile: file, option }) };
  const { shard, source } = placed;
  const origin = describeShardOrigin(placed.origin, option);
  return {
    shard,
    placed: { source, by: source === 'record' ? `recorded in ${file}: ${origin}` : origin },
    finished: () => recordShardCompleted(file, options.command, placed.record),
  };
}
