import type { Shard } from './shard.js';

/**
 * What a cluster scheduler tells a job about its place in an array of jobs, as given (unparsed): a Slurm job array
 * (`SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_COUNT`, `SLURM_ARRAY_TASK_MIN`) or a Kubernetes Indexed Job
 * (`JOB_COMPLETION_INDEX`, 0-based, with the count given some other way, `shardCount`).
 */
export interface ShardScheduler {
  readonly slurmArrayTaskId?: string;
  readonly slurmArrayTaskCount?: string;
  readonly slurmArrayTaskMin?: string;
  readonly jobCompletionIndex?: string;
  readonly shardCount?: string;
}

/** Why {@link parseShardSpec} could not read a spec. */
export type ShardSpecProblem =
  /** Neither `i/n` with 1 ≤ i ≤ n nor `auto` / `auto/<n>`. */
  | { readonly kind: 'malformed' }
  /** `auto` with a scheduler variable (or the count of `auto/<n>`) that is not a whole number. */
  | { readonly kind: 'not-whole'; readonly variable: keyof ShardScheduler | 'auto-count'; readonly value: string }
  /** `auto` without `slurmArrayTaskId` or `jobCompletionIndex`. */
  | { readonly kind: 'no-scheduler' }
  /** `auto` under a scheduler that gives no count (and no `auto/<n>`). */
  | { readonly kind: 'unknown-count'; readonly scheduler: 'slurm' | 'kubernetes' }
  /** `auto` giving a shard outside 1…count. */
  | {
      readonly kind: 'out-of-range';
      readonly scheduler: 'slurm' | 'kubernetes';
      readonly index: number;
      readonly count: number;
    };

/**
 * Reads a shard spec: `i/n` (shard i of n, 1-based), or `auto` / `auto/<n>` for the place a cluster scheduler gives
 * this job — a Slurm job array (shard `SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN + 1` (min 0 when unset) of
 * `SLURM_ARRAY_TASK_COUNT`), else a Kubernetes Indexed Job (shard `JOB_COMPLETION_INDEX + 1` of `shardCount`); an
 * `auto/<n>` count wins over the scheduler's. A spec that cannot be read is returned as a problem, not thrown.
 *
 * @example
 * parseShardSpec('2/4', {});                                                   // { shard: { index: 2, count: 4 } }
 * parseShardSpec('auto', { slurmArrayTaskId: '7', slurmArrayTaskMin: '4', slurmArrayTaskCount: '4' }); // shard 4 of 4
 * parseShardSpec('auto/5', { jobCompletionIndex: '0' });                       // shard 1 of 5
 */
export function parseShardSpec(
  spec: string,
  scheduler: ShardScheduler,
): { readonly shard: Shard } | { readonly problem: ShardSpecProblem } {
  const auto = /^auto(?:\/(\d+))?$/.exec(spec);
  if (auto === null) {
    const m = /^(\d+)\/(\d+)$/.exec(spec);
    const index = m ? Number(m[1]) : Number.NaN;
    const count = m ? Number(m[2]) : Number.NaN;
    return !m || count < 1 || index < 1 || index > count
      ? { problem: { kind: 'malformed' } }
      : { shard: { index, count } };
  }
  let bad: ShardSpecProblem | undefined;
  /** The variable as a whole number (`undefined` when unset); notes the first one that is not. */
  const whole = (variable: keyof ShardScheduler | 'auto-count', value: string | undefined): number | undefined => {
    if (value === undefined || bad !== undefined) return undefined;
    if (/^\d+$/.test(value)) return Number(value);
    bad = { kind: 'not-whole', variable, value };
    return undefined;
  };
  const slurmId = whole('slurmArrayTaskId', scheduler.slurmArrayTaskId);
  const k8sIndex = whole('jobCompletionIndex', scheduler.jobCompletionIndex);
  let count = whole('auto-count', auto[1]);
  const slurm = slurmId !== undefined;
  let index = 0;
  if (slurm) {
    index = slurmId - (whole('slurmArrayTaskMin', scheduler.slurmArrayTaskMin) ?? 0) + 1;
    count ??= whole('slurmArrayTaskCount', scheduler.slurmArrayTaskCount);
  } else if (k8sIndex !== undefined) {
    index = k8sIndex + 1;
    count ??= whole('shardCount', scheduler.shardCount);
  }
  if (bad !== undefined) return { problem: bad };
  if (!slurm && k8sIndex === undefined) return { problem: { kind: 'no-scheduler' } };
  const kind = slurm ? 'slurm' : 'kubernetes';
  if (count === undefined) return { problem: { kind: 'unknown-count', scheduler: kind } };
  if (count < 1 || index < 1 || index > count)
    return { problem: { kind: 'out-of-range', scheduler: kind, index, count } };
  return { shard: { index, count } };
}
