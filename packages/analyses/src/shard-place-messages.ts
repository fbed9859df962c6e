import type { ShardOrigin } from './shard-record.js';
import { SHARD_SCHEDULER_VARIABLES, type ShardSpecProblem } from './shard-spec.js';

/**
 * How a person reads what placed a shard (a record's or a new place's `origin`); `option` is how the caller takes
 * the spec (a command line's `--shard`).
 *
 * @example
 * describeShardOrigin({ scheduler: 'slurm', arrayJobId: '12', taskId: 4, min: 0, max: 6, step: 2, count: 4 }, '--shard');
 * // 'Slurm array job 12 task 4 of --array=0-6:2'
 * describeShardOrigin({ scheduler: 'explicit' }, '--shard'); // 'given as --shard i/n'
 */
export function describeShardOrigin(origin: ShardOrigin, option: string): string {
  if (origin.scheduler === 'explicit') return `given as ${option} i/n`;
  if (origin.scheduler === 'kubernetes') return `Kubernetes JOB_COMPLETION_INDEX ${origin.index}`;
  const range = `${origin.min}-${origin.max ?? origin.min + (origin.count - 1) * origin.step}${origin.step === 1 ? '' : `:${origin.step}`}`;
  return `Slurm array job ${origin.arrayJobId ?? '?'} task ${origin.taskId} of --array=${range}`;
}

/**
 * Why `parseShardSpec` (or `placeShard`) could not place a process, and what to do, in words: which variables are
 * missing or malformed, why a Slurm array or an Indexed Job cannot tell the place, which place the folder's record
 * holds. `spec` is the spec as given, `recordFile` the shard record's path, `option` how the caller takes the spec
 * (a command line's `--shard`).
 *
 * @example
 * shardSpecProblemMessage({ kind: 'malformed' }, { spec: '0/4', recordFile: 'cache/shard.json', option: '--shard' });
 * // 'expects i/n with 1 ≤ i ≤ n (for example 2/4), or auto / auto/<n> to read a Slurm array or Kubernetes Indexed Job, got "0/4"'
 */
export function shardSpecProblemMessage(
  problem: ShardSpecProblem,
  { spec, recordFile, option }: { readonly spec: string; readonly recordFile: string; readonly option: string },
): string {
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
      return `auto: no scheduler variables found and no place recorded in ${recordFile}; expected SLURM_ARRAY_TASK_ID (a Slurm job array) or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job), or give ${option} i/n`;
    case 'unknown-count':
      return problem.scheduler === 'slurm'
        ? `auto: SLURM_ARRAY_TASK_COUNT is not set, so the number of shards is unknown (expected ${vars(['slurmArrayTaskId', 'slurmArrayTaskMin', 'slurmArrayTaskMax', 'slurmArrayTaskStep', 'slurmArrayTaskCount'])} as sbatch --array sets them)`
        : `auto: the shard count is unknown for a Kubernetes Indexed Job: give ${option} auto/<n> or set EXECRET_SHARD_COUNT to the Job’s completions`;
    case 'out-of-range':
      return `auto: JOB_COMPLETION_INDEX ${problem.index - 1} is outside 0…${problem.count - 1} for ${problem.count} shards: the Job’s completions and the shard count (auto/<n>, EXECRET_SHARD_COUNT) differ`;
    case 'irregular-array': {
      const a = problem.array;
      return `auto: Slurm array task ${a.taskId} is not in one range min-max:step (SLURM_ARRAY_TASK_MIN ${a.min}, _MAX ${a.max ?? 'unset'}, _STEP ${a.step}, _COUNT ${a.count}: a list such as --array=1,3,7?), so its shard cannot be known and ${recordFile} records none; submit the array as a range (--array=0-7 or --array=0-14:2), resubmit a failed task alone into its own cache folder, or give ${option} i/n`;
    }
    case 'unplaced-task': {
      const a = problem.array;
      const why =
        problem.autoCount === null
          ? `is alone in its array (--array=${a.taskId}: a resubmitted task looks like this, and so does a one-shard array)`
          : `is one of ${a.count} tasks where auto/${problem.autoCount} expects ${problem.autoCount} (a partial resubmission?)`;
      return `auto: Slurm array task ${a.taskId} ${why}, and ${recordFile} records no place for it, so which shard it is cannot be known: resubmit a failed task with the cache folder its first attempt used (its place is recorded there when it started), or give the place with ${option} i/n`;
    }
    case 'record-conflict': {
      const r = problem.recorded;
      const given =
        problem.shard === null
          ? `${spec} here cannot be that shard`
          : `${spec} gives shard ${problem.shard.index}/${problem.shard.count}`;
      return `${recordFile} records shard ${r.shard.index}/${r.shard.count} (${describeShardOrigin(r.origin, option)}), but ${given}; to rerun that shard, resubmit its task alone (sbatch --array=<task id>) or give ${option} ${r.shard.index}/${r.shard.count}; for a new layout use a fresh cache folder (or delete ${recordFile})`;
    }
  }
}
