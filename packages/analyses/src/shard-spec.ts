import type { Shard } from './shard.js';
import type { ShardOrigin, ShardRecord } from './shard-record.js';

/**
 * What a cluster scheduler tells a job about its place in an array of jobs, as given (unparsed): a Slurm job array
 * (`SLURM_ARRAY_JOB_ID`, `SLURM_ARRAY_TASK_ID`, `_MIN`, `_MAX`, `_STEP`, `_COUNT`) or a Kubernetes Indexed Job
 * (`JOB_COMPLETION_INDEX`, 0-based, with the count given some other way, `shardCount`).
 */
export interface ShardScheduler {
  readonly slurmArrayJobId?: string;
  readonly slurmArrayTaskId?: string;
  readonly slurmArrayTaskCount?: string;
  readonly slurmArrayTaskMin?: string;
  readonly slurmArrayTaskMax?: string;
  readonly slurmArrayTaskStep?: string;
  readonly jobCompletionIndex?: string;
  readonly shardCount?: string;
}

/**
 * The environment variable each field of {@link ShardScheduler} is read from: Slurm's job-array variables, a
 * Kubernetes Indexed Job's `JOB_COMPLETION_INDEX`, and `EXECRET_SHARD_COUNT` for the count an Indexed Job does not
 * give. This package never reads them; a command line does, and names them in its messages.
 */
export const SHARD_SCHEDULER_VARIABLES: Readonly<Record<keyof ShardScheduler, string>> = {
  slurmArrayJobId: 'SLURM_ARRAY_JOB_ID',
  slurmArrayTaskId: 'SLURM_ARRAY_TASK_ID',
  slurmArrayTaskCount: 'SLURM_ARRAY_TASK_COUNT',
  slurmArrayTaskMin: 'SLURM_ARRAY_TASK_MIN',
  slurmArrayTaskMax: 'SLURM_ARRAY_TASK_MAX',
  slurmArrayTaskStep: 'SLURM_ARRAY_TASK_STEP',
  jobCompletionIndex: 'JOB_COMPLETION_INDEX',
  shardCount: 'EXECRET_SHARD_COUNT',
};

/** A Slurm array's layout as its variables give it: task ids `min`, `min + step`, … up to `max`, `count` of them. */
export interface SlurmArrayLayout {
  readonly taskId: number;
  readonly min: number;
  /** `null` when `SLURM_ARRAY_TASK_MAX` is unset. */
  readonly max: number | null;
  readonly step: number;
  readonly count: number;
}

/** Why {@link parseShardSpec} could not place the process. */
export type ShardSpecProblem =
  /** Neither `i/n` with 1 ≤ i ≤ n nor `auto` / `auto/<n>`. */
  | { readonly kind: 'malformed' }
  /** `auto` with a scheduler variable (or the count of `auto/<n>`) that is not a whole number. */
  | { readonly kind: 'not-whole'; readonly variable: keyof ShardScheduler | 'auto-count'; readonly value: string }
  /** `auto` without `slurmArrayTaskId` or `jobCompletionIndex`, and no record. */
  | { readonly kind: 'no-scheduler' }
  /** `auto` under a scheduler that gives no count (and no `auto/<n>`). */
  | { readonly kind: 'unknown-count'; readonly scheduler: 'slurm' | 'kubernetes' }
  /** A Kubernetes index outside 0…count−1. */
  | { readonly kind: 'out-of-range'; readonly scheduler: 'kubernetes'; readonly index: number; readonly count: number }
  /**
   * A Slurm array that is not one range `min-max:step` holding this task (a list such as `1,3,7`: Slurm then reports
   * step 1, and `max ≠ min + (count − 1) × step`), with no record.
   */
  | { readonly kind: 'irregular-array'; readonly array: SlurmArrayLayout }
  /**
   * A Slurm array that cannot say which shard this task is, with no record: one task alone (`--array=2`, a
   * resubmitted task looks like this), or fewer tasks than the `auto/<n>` count.
   */
  | { readonly kind: 'unplaced-task'; readonly array: SlurmArrayLayout; readonly autoCount: number | null }
  /**
   * The place the spec or the scheduler gives (`shard`; `null` when it gives none, or an `auto/<n>` count that differs)
   * is not the one recorded for this shard's folder, and this is no resubmission of the recorded task.
   */
  | { readonly kind: 'record-conflict'; readonly shard: Shard | null; readonly recorded: ShardRecord };

/** Where {@link parseShardSpec} found the place: the spec itself (`i/n`), the scheduler, or the record. */
export type ShardPlaceSource = 'spec' | 'scheduler' | 'record';

/** What {@link parseShardSpec} returns when it can place the process. */
export interface ShardPlace {
  readonly shard: Shard;
  /** What gave the place: `i/n`, the scheduler's variables, or a Slurm task resubmitted into its recorded folder. */
  readonly origin: ShardOrigin;
  readonly source: ShardPlaceSource;
}

const same = (a: Shard, b: Shard): boolean => a.index === b.index && a.count === b.count;

/**
 * Whether a Slurm array is a resubmission of tasks of the recorded array, with this task among them: the same task
 * id, fewer tasks, and every id of this array within the recorded array's range.
 */
function resubmits(array: SlurmArrayLayout, recorded: ShardRecord): boolean {
  const o = recorded.origin;
  if (o.scheduler !== 'slurm' || o.taskId !== array.taskId || array.count >= o.count) return false;
  const top = o.max ?? o.min + (o.count - 1) * o.step;
  return array.min >= o.min && (array.max ?? array.taskId) <= top;
}

/**
 * Reads a shard spec and places the process: `i/n` (shard i of n, 1-based), or `auto` / `auto/<n>` for the place a
 * cluster scheduler gives — never guessed:
 *
 * - A Slurm job array that is one range `min-max:step` (`--array=0-6:2` gives task ids 0, 2, 4, 6) makes task id `t`
 *   shard `(t − min) / step + 1` of `count` (`min` 0 and `step` 1 when unset; `max`, when set, must equal
 *   `min + (count − 1) × step`). `auto/<n>` must then agree with `count`.
 * - A Slurm array that cannot tell the place — one task alone (`--array=2`, as a resubmitted task is), fewer tasks
 *   than `auto/<n>`, or a list that is no range — takes it from `recorded` (the record a process of this shard left
 *   in its folder, see `ShardRecord`), else it is a problem. A task resubmitted as part of a smaller array (the same
 *   task id, within the recorded array's range) also takes its recorded place.
 * - A Kubernetes Indexed Job makes `JOB_COMPLETION_INDEX + 1` shard of `auto/<n>`, else of `shardCount`.
 * - `auto` with no scheduler variable takes the recorded place (a shard rerun by hand in its folder).
 *
 * Whatever gives the place must agree with `recorded` when there is one. A spec that cannot be placed is returned as
 * a problem, not thrown.
 *
 * @example
 * parseShardSpec('2/4', {}).shard;                                                       // { index: 2, count: 4 }
 * parseShardSpec('auto', { slurmArrayTaskId: '4', slurmArrayTaskMin: '0', slurmArrayTaskMax: '6',
 *   slurmArrayTaskStep: '2', slurmArrayTaskCount: '4' }).shard;                          // { index: 3, count: 4 }
 * parseShardSpec('auto', { slurmArrayTaskId: '4', slurmArrayTaskMin: '4', slurmArrayTaskCount: '1' });
 * // { problem: { kind: 'unplaced-task', … } } without a record; the recorded place with one
 * parseShardSpec('auto/5', { jobCompletionIndex: '0' }).shard;                           // { index: 1, count: 5 }
 */
export function parseShardSpec(
  spec: string,
  scheduler: ShardScheduler,
  recorded?: ShardRecord,
): ShardPlace | { readonly problem: ShardSpecProblem } {
  /** The place, checked against the record. */
  const placed = (shard: Shard, origin: ShardOrigin): ShardPlace | { readonly problem: ShardSpecProblem } =>
    recorded !== undefined && !same(shard, recorded.shard)
      ? { problem: { kind: 'record-conflict', shard, recorded } }
      : { shard, origin, source: origin.scheduler === 'explicit' ? 'spec' : 'scheduler' };

  const auto = /^auto(?:\/(\d+))?$/.exec(spec);
  if (auto === null) {
    const m = /^(\d+)\/(\d+)$/.exec(spec);
    const index = m ? Number(m[1]) : Number.NaN;
    const count = m ? Number(m[2]) : Number.NaN;
    if (!m || count < 1 || index < 1 || index > count) return { problem: { kind: 'malformed' } };
    return placed({ index, count }, { scheduler: 'explicit' });
  }
  let bad: ShardSpecProblem | undefined;
  /** The variable as a whole number (`undefined` when unset); notes the first one that is not. */
  const whole = (variable: keyof ShardScheduler | 'auto-count', value: string | undefined): number | undefined => {
    if (value === undefined || bad !== undefined) return undefined;
    if (/^\d+$/.test(value)) return Number(value);
    bad = { kind: 'not-whole', variable, value };
    return undefined;
  };
  const autoCount = whole('auto-count', auto[1]);
  const taskId = whole('slurmArrayTaskId', scheduler.slurmArrayTaskId);
  if (bad !== undefined) return { problem: bad };

  if (taskId !== undefined) {
    const min = whole('slurmArrayTaskMin', scheduler.slurmArrayTaskMin) ?? 0;
    const max = whole('slurmArrayTaskMax', scheduler.slurmArrayTaskMax) ?? null;
    const step = whole('slurmArrayTaskStep', scheduler.slurmArrayTaskStep) ?? 1;
    const count = whole('slurmArrayTaskCount', scheduler.slurmArrayTaskCount);
    if (bad !== undefined) return { problem: bad };
    if (count === undefined || count < 1) return { problem: { kind: 'unknown-count', scheduler: 'slurm' } };
    const array: SlurmArrayLayout = { taskId, min, max, step, count };
    const jobId = scheduler.slurmArrayJobId ?? null;
    const origin: ShardOrigin = { scheduler: 'slurm', arrayJobId: jobId, ...array };
    const offset = taskId - min;
    const regular =
      step >= 1 &&
      offset >= 0 &&
      offset % step === 0 &&
      offset / step < count &&
      (max === null || max === min + (count - 1) * step);
    const tells = regular && (autoCount === undefined ? count > 1 : autoCount === count);
    const derived = tells ? { index: offset / step + 1, count } : undefined;
    if (recorded === undefined) {
      if (derived !== undefined) return { shard: derived, origin, source: 'scheduler' };
      return {
        problem: regular
          ? { kind: 'unplaced-task', array, autoCount: autoCount ?? null }
          : { kind: 'irregular-array', array },
      };
    }
    if (derived !== undefined && same(derived, recorded.shard)) return { shard: derived, origin, source: 'scheduler' };
    const own = recorded.origin.scheduler !== 'slurm' || recorded.origin.taskId === taskId;
    const countAgrees = autoCount === undefined || autoCount === recorded.shard.count;
    if (own && countAgrees && (derived === undefined || resubmits(array, recorded)))
      return { shard: recorded.shard, origin: recorded.origin, source: 'record' };
    return { problem: { kind: 'record-conflict', shard: derived ?? null, recorded } };
  }

  const k8sIndex = whole('jobCompletionIndex', scheduler.jobCompletionIndex);
  if (k8sIndex !== undefined) {
    const count = autoCount ?? whole('shardCount', scheduler.shardCount);
    if (bad !== undefined) return { problem: bad };
    if (count === undefined || count < 1) return { problem: { kind: 'unknown-count', scheduler: 'kubernetes' } };
    if (k8sIndex >= count)
      return { problem: { kind: 'out-of-range', scheduler: 'kubernetes', index: k8sIndex + 1, count } };
    return placed({ index: k8sIndex + 1, count }, { scheduler: 'kubernetes', index: k8sIndex });
  }
  if (bad !== undefined) return { problem: bad };
  if (recorded === undefined) return { problem: { kind: 'no-scheduler' } };
  if (autoCount === undefined || autoCount === recorded.shard.count)
    return { shard: recorded.shard, origin: recorded.origin, source: 'record' };
  return { problem: { kind: 'record-conflict', shard: null, recorded } };
}
