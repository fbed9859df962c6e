import type { ShardRecord } from './shard-record.js';

/** A folder to be merged and its shard record (`undefined` when it has none). */
export interface RecordedFolder {
  readonly folder: string;
  readonly record: ShardRecord | undefined;
}

/** What {@link shardCoverage} finds wrong, with a message that names the folders. */
export type ShardCoverageProblem =
  /** Some folders have a record and these do not. */
  | { readonly kind: 'unrecorded'; readonly folders: readonly string[]; readonly message: string }
  /** The records do not agree on the number of shards. */
  | { readonly kind: 'counts-differ'; readonly counts: readonly number[]; readonly message: string }
  /** A shard that finished nothing. */
  | { readonly kind: 'unfinished'; readonly folder: string; readonly message: string }
  /** A command that two folders finished as the same shard. */
  | {
      readonly kind: 'duplicate';
      readonly command: string;
      readonly index: number;
      readonly folders: readonly string[];
      readonly message: string;
    }
  /** A command that no folder finished for these shards. */
  | {
      readonly kind: 'missing';
      readonly command: string;
      readonly indices: readonly number[];
      readonly message: string;
    };

/**
 * Checks that folders of sharded work can be merged into a whole: either none has a shard record (caches made some
 * other way; nothing to check), or every one has, all with the same shard count n, and every command any of them
 * finished was finished by exactly one folder for each shard 1…n. An empty list means nothing was left out or done
 * twice.
 *
 * @example
 * shardCoverage([
 *   { folder: 'shard-0', record: { shard: { index: 1, count: 2 }, origin, completed: ['run'] } },
 *   { folder: 'shard-1', record: { shard: { index: 2, count: 2 }, origin, completed: ['verify'] } },
 * ]);
 * // [{ kind: 'missing', command: 'run', indices: [2], … }, { kind: 'missing', command: 'verify', indices: [1], … }]
 */
export function shardCoverage(folders: readonly RecordedFolder[]): ShardCoverageProblem[] {
  const recorded = folders.filter((f): f is RecordedFolder & { record: ShardRecord } => f.record !== undefined);
  if (recorded.length === 0) return [];
  const problems: ShardCoverageProblem[] = [];
  const unrecorded = folders.filter((f) => f.record === undefined).map((f) => f.folder);
  if (unrecorded.length > 0)
    problems.push({
      kind: 'unrecorded',
      folders: unrecorded,
      message: `${unrecorded.join(', ')} ${unrecorded.length === 1 ? 'has' : 'have'} no shard record (shard.json) while the others have: not the work of a sharded command`,
    });
  const counts = [...new Set(recorded.map((f) => f.record.shard.count))].sort((a, b) => a - b);
  if (counts.length > 1) {
    problems.push({
      kind: 'counts-differ',
      counts,
      message: `the shard records disagree on the number of shards: ${recorded.map((f) => `${f.folder} is ${f.record.shard.index}/${f.record.shard.count}`).join(', ')}`,
    });
    return problems;
  }
  const count = counts[0]!;
  for (const f of recorded)
    if (f.record.completed.length === 0)
      problems.push({
        kind: 'unfinished',
        folder: f.folder,
        message: `${f.folder} (shard ${f.record.shard.index}/${count}) finished no command: rerun it (resubmit the task)`,
      });
  const commands = [...new Set(recorded.flatMap((f) => f.record.completed))];
  for (const command of commands) {
    const by = new Map<number, string[]>();
    for (const f of recorded)
      if (f.record.completed.includes(command))
        by.set(f.record.shard.index, [...(by.get(f.record.shard.index) ?? []), f.folder]);
    for (const [index, list] of [...by].sort(([a], [b]) => a - b))
      if (list.length > 1)
        problems.push({
          kind: 'duplicate',
          command,
          index,
          folders: list,
          message: `${command}: shard ${index}/${count} was done in ${list.join(' and ')}`,
        });
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !by.has(i));
    if (missing.length > 0)
      problems.push({
        kind: 'missing',
        command,
        indices: missing,
        message: `${command}: no folder finished shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${count}`).join(', ')}`,
      });
  }
  return problems;
}
