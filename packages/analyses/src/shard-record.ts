import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AnalysesError } from './analyses-error.js';
import type { Shard } from './shard.js';

/** Version of the shard record layout (`v`). */
export const SHARD_RECORD_VERSION = 1;

/** What placed a shard: the spec `i/n`, a Slurm job array (as its variables gave it), or a Kubernetes Indexed Job. */
export type ShardOrigin =
  | { readonly scheduler: 'explicit' }
  | {
      readonly scheduler: 'slurm';
      /** `SLURM_ARRAY_JOB_ID`, `null` when unset. */
      readonly arrayJobId: string | null;
      readonly taskId: number;
      readonly min: number;
      readonly max: number | null;
      readonly step: number;
      readonly count: number;
    }
  | { readonly scheduler: 'kubernetes'; readonly index: number };

/**
 * What a sharded process leaves in its shard's folder: its place, what placed it, and the commands that finished
 * there. A task resubmitted into the same folder takes its place from it (`parseShardSpec`), and merging checks
 * from the records of all the folders that every shard did every command once ({@link shardCoverage}).
 */
export interface ShardRecord {
  readonly shard: Shard;
  readonly origin: ShardOrigin;
  /** Commands that finished in this folder (`verify`, `embed`, `score`, `run`), in the order they first did. */
  readonly completed: readonly string[];
}

/**
 * A shard record as a file: one JSON object `{"v":1,"index","count","origin","completed"}` (origin fields in
 * snake_case: `scheduler`, and for Slurm `array_job_id`, `task_id`, `min`, `max`, `step`, `count`; for Kubernetes
 * `index`, 0-based), two-space indented, ending in `\n`.
 *
 * @example
 * formatShardRecord({ shard: { index: 2, count: 4 }, origin: { scheduler: 'explicit' }, completed: ['run'] });
 * // '{\n  "v": 1,\n  "index": 2,\n  "count": 4,\n  "origin": {\n    "scheduler": "explicit"\n  },\n  "completed": [\n    "run"\n  ]\n}\n'
 */
export function formatShardRecord(record: ShardRecord): string {
  const o = record.origin;
  const origin =
    o.scheduler === 'slurm'
      ? {
          scheduler: 'slurm',
          array_job_id: o.arrayJobId,
          task_id: o.taskId,
          min: o.min,
          max: o.max,
          step: o.step,
          count: o.count,
        }
      : o.scheduler === 'kubernetes'
        ? { scheduler: 'kubernetes', index: o.index }
        : { scheduler: 'explicit' };
  const json = {
    v: SHARD_RECORD_VERSION,
    index: record.shard.index,
    count: record.shard.count,
    origin,
    completed: record.completed,
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/**
 * Reads the text of a shard record ({@link formatShardRecord}).
 *
 * @throws {AnalysesError} `invalid-shard-record` naming `file` and the field that is wrong
 */
export function parseShardRecord(text: string, file: string): ShardRecord {
  const fail = (what: string): never => {
    throw new AnalysesError('invalid-shard-record', `@execret/analyses shard record ${file}: ${what}`, {
      details: { file },
    });
  };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new AnalysesError(
      'invalid-shard-record',
      `@execret/analyses shard record ${file}: not JSON (${(cause as Error).message})`,
      {
        cause,
        details: { file },
      },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('expected a JSON object');
  const r = value as Record<string, unknown>;
  if (r.v !== SHARD_RECORD_VERSION) fail(`field v: expected ${SHARD_RECORD_VERSION}, received ${JSON.stringify(r.v)}`);
  const whole = (x: unknown, field: string, least: number): number =>
    Number.isInteger(x) && (x as number) >= least
      ? (x as number)
      : fail(`field ${field}: expected a whole number ≥ ${least}, received ${JSON.stringify(x)}`);
  const index = whole(r.index, 'index', 1);
  const count = whole(r.count, 'count', 1);
  if (index > count) fail(`field index: ${index} is above count ${count}`);
  const o = r.origin as Record<string, unknown> | null;
  if (typeof o !== 'object' || o === null) return fail('field origin: expected an object');
  let origin: ShardOrigin;
  if (o.scheduler === 'explicit') origin = { scheduler: 'explicit' };
  else if (o.scheduler === 'kubernetes') origin = { scheduler: 'kubernetes', index: whole(o.index, 'origin.index', 0) };
  else if (o.scheduler === 'slurm') {
    const jobId = o.array_job_id;
    if (jobId !== null && typeof jobId !== 'string')
      fail(`field origin.array_job_id: expected a string or null, received ${JSON.stringify(jobId)}`);
    origin = {
      scheduler: 'slurm',
      arrayJobId: jobId as string | null,
      taskId: whole(o.task_id, 'origin.task_id', 0),
      min: whole(o.min, 'origin.min', 0),
      max: o.max === null ? null : whole(o.max, 'origin.max', 0),
      step: whole(o.step, 'origin.step', 1),
      count: whole(o.count, 'origin.count', 1),
    };
  } else
    return fail(
      `field origin.scheduler: expected explicit, slurm or kubernetes, received ${JSON.stringify(o.scheduler)}`,
    );
  const completed = r.completed;
  if (!Array.isArray(completed) || !completed.every((c) => typeof c === 'string'))
    fail('field completed: expected an array of command names');
  return { shard: { index, count }, origin, completed: completed as string[] };
}

/**
 * Reads the shard record at `file`, or `undefined` when there is none.
 *
 * @throws {AnalysesError} `invalid-shard-record` for a file that is not a record
 */
export async function readShardRecord(file: string): Promise<ShardRecord | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return parseShardRecord(text, file);
}

/**
 * Writes a shard record to `file` (creating its folder) in one step: a temporary file beside it, then a rename, so a
 * reader never sees half a record.
 */
export async function writeShardRecord(file: string, record: ShardRecord): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, formatShardRecord(record));
  await rename(temporary, file);
}

/**
 * Notes in the shard record at `file` that `command` finished there, once, keeping everything else the record holds
 * (another command of the same shard may have noted itself meanwhile); `placed` is the record written when the
 * process was placed, used should the file have gone. Merging checks these notes ({@link shardCoverage}).
 */
export async function recordShardCompleted(file: string, command: string, placed: ShardRecord): Promise<void> {
  const now = (await readShardRecord(file)) ?? placed;
  if (!now.completed.includes(command))
    await writeShardRecord(file, { ...now, completed: [...now.completed, command] });
}
