import {
  placeShard,
  recordShardCompleted,
  SHARD_SCHEDULER_VARIABLES,
  type Shard,
  type ShardOrigin,
  type ShardPlaceSource,
  type ShardSpecProblem,
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

/** How a record says what placed a shard. */
function describeOrigin(origin: ShardOrigin): string {
  if (origin.scheduler === 'explicit') return 'given as --shard i/n';
  if (origin.scheduler === 'kubernetes') return `Kubernetes JOB_COMPLETION_INDEX ${origin.index}`;
  const range = `${origin.min}-${origin.max ?? origin.min + (origin.count - 1) * origin.step}${origin.step === 1 ? '' : `:${origin.step}`}`;
  return `Slurm array job ${origin.arrayJobId ?? '?'} task ${origin.taskId} of --array=${range}`;
}

/** Why `--shard <spec>` cannot place this process, and what to do. */
function shardProblem(problem: ShardSpecProblem, spec: string, record: string): string {
  const vars = (names: readonly (keyof typeof SHARD_SCHEDULER_VARIABLES)[]) =>
    names.map((n) => SHARD_SCHEDULER_VARIABLES[n]).join(', ');
  switch (problem.kind) {
    case 'malformed':
      return `expects i/n with 1 ≤ i ≤ n (for example 2/4), or auto / auto/<n> to read a Slurm array or Kubernetes Indexed Job, got ${JSON.stringify(spec)}`;
    case 'not-whole': {
      const name =
        problem.variable === 'auto-count' ? 'the count of auto/<n>' : SHARD_SCHEDULER_VARIABLES[problem.variable];
      return `auto: ${name} must be a whole number, got ${JSON.stringify(problem.value)}`;
    }
    case 'no-scheduler':
      return `auto: no scheduler variables found and no place recorded in ${record}; expected SLURM_ARRAY_TASK_ID (a Slurm job array) or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job), or give --shard i/n`;
    case 'unknown-count':
      return problem.scheduler === 'slurm'
        ? `auto: SLURM_ARRAY_TASK_COUNT is not set, so the number of shards is unknown (expected ${vars(['slurmArrayTaskId', 'slurmArrayTaskMin', 'slurmArrayTaskMax', 'slurmArrayTaskStep', 'slurmArrayTaskCount'])} as sbatch --array sets them)`
        : 'auto: the shard count is unknown for a Kubernetes Indexed Job: give --shard auto/<n> or set EXECRET_SHARD_COUNT to the Job’s completions';
    case 'out-of-range':
      return `auto: JOB_COMPLETION_INDEX ${problem.index - 1} is outside 0…${problem.count - 1} for ${problem.count} shards: the Job’s completions and the shard count (auto/<n>, EXECRET_SHARD_COUNT) differ`;
    case 'irregular-array': {
      const a = problem.array;
      return `auto: Slurm array task ${a.taskId} is not in one range min-max:step (SLURM_ARRAY_TASK_MIN ${a.min}, _MAX ${a.max ?? 'unset'}, _STEP ${a.step}, _COUNT ${a.count}: a list such as --array=1,3,7?), so its shard cannot be known and ${record} records none; submit the array as a range (--array=0-7 or --array=0-14:2), resubmit a failed task alone into its own cache folder, or give --shard i/n`;
    }
    case 'unplaced-task': {
      const a = problem.array;
      const why =
        problem.autoCount === null
          ? `is alone in its array (--array=${a.taskId}: a resubmitted task looks like this, and so does a one-shard array)`
          : `is one of ${a.count} tasks where auto/${problem.autoCount} expects ${problem.autoCount} (a partial resubmission?)`;
      return `auto: Slurm array task ${a.taskId} ${why}, and ${record} records no place for it, so which shard it is cannot be known: resubmit a failed task with the cache folder its first attempt used (its place is recorded there when it started), or give the place with --shard i/n`;
    }
    case 'record-conflict': {
      const r = problem.recorded;
      const given =
        problem.shard === null
          ? `${spec} here cannot be that shard`
          : `${spec} gives shard ${problem.shard.index}/${problem.shard.count}`;
      return `${record} records shard ${r.shard.index}/${r.shard.count} (${describeOrigin(r.origin)}), but ${given}; to rerun that shard, resubmit its task alone (sbatch --array=<task id>) or give --shard ${r.shard.index}/${r.shard.count}; for a new layout use a fresh cache folder (or delete ${record})`;
    }
  }
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
  if ('problem' in placed) throw new UsageError(`--shard ${shardProblem(placed.problem, spec, file)}`);
  const { shard, source, origin } = placed;
  const by = source === 'record' ? `recorded in ${file}: ${describeOrigin(origin)}` : describeOrigin(origin);
  io.log(`shard ${shard.index}/${shard.count} (${by})`);
  return { shard, placed: { source, by }, finished: () => recordShardCompleted(file, command, placed.record) };
}
