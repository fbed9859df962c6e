import { readShardRecord, type ShardRecord, writeShardRecord } from './shard-record.js';
import { parseShardSpec, type ShardPlace, type ShardScheduler, type ShardSpecProblem } from './shard-spec.js';

/**
 * Places a sharded process and records its place before any work, so that a task resubmitted into the same folder
 * finds it: {@link parseShardSpec} with the shard record at `file` (see `ShardRecord`), and, when there was none, a
 * new record `{ shard, origin, completed: [] }` written there. `record` is the folder's record from then on (the one
 * found, or the one written). A spec that cannot be placed is returned as a problem, and nothing is written.
 *
 * @throws {AnalysesError} `invalid-shard-record` for a file at `file` that is not a shard record
 * @example
 * const placed = await placeShard('cache/shard.json', 'auto', { slurmArrayTaskId: '4', slurmArrayTaskMin: '0',
 *   slurmArrayTaskMax: '6', slurmArrayTaskStep: '2', slurmArrayTaskCount: '4' });
 * // { shard: { index: 3, count: 4 }, source: 'scheduler', … } and cache/shard.json records it
 */
export async function placeShard(
  file: string,
  spec: string,
  scheduler: ShardScheduler,
): Promise<(ShardPlace & { readonly record: ShardRecord }) | { readonly problem: ShardSpecProblem }> {
  const recorded = await readShardRecord(file);
  const placed = parseShardSpec(spec, scheduler, recorded);
  if ('problem' in placed) return placed;
  const record = recorded ?? { shard: placed.shard, origin: placed.origin, completed: [] };
  if (recorded === undefined) await writeShardRecord(file, record);
  return { ...placed, record };
}
