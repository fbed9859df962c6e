import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeShard } from './place-shard.js';
import { readShardRecord } from './shard-record.js';

// The placing rules are parseShardSpec's (every case tested there); here, that the folder's record is read, written
// for a new place before any work, and left alone for a problem or a recorded place.
describe('placeShard', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'execret-place-shard-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  /** Slurm's variables for task `id` of `--array=<min>-<max>:<step>` with `count` tasks. */
  const slurm = (id: number, min: number, max: number, step: number, count: number) => ({
    slurmArrayJobId: '12',
    slurmArrayTaskId: String(id),
    slurmArrayTaskMin: String(min),
    slurmArrayTaskMax: String(max),
    slurmArrayTaskStep: String(step),
    slurmArrayTaskCount: String(count),
  });

  it('records a new place, then gives a task resubmitted alone into the folder its recorded place', async () => {
    const file = join(dir, 'stepped', 'shard.json');
    const placed = await placeShard(file, 'auto', slurm(4, 0, 6, 2, 4));
    const origin = { scheduler: 'slurm', arrayJobId: '12', taskId: 4, min: 0, max: 6, step: 2, count: 4 };
    expect(placed).toEqual({
      shard: { index: 3, count: 4 },
      origin,
      source: 'scheduler',
      record: { shard: { index: 3, count: 4 }, origin, completed: [] },
    });
    expect(await readShardRecord(file)).toEqual({ shard: { index: 3, count: 4 }, origin, completed: [] });
    const again = await placeShard(file, 'auto', slurm(4, 4, 4, 1, 1));
    expect(again).toMatchObject({ shard: { index: 3, count: 4 }, source: 'record', origin });
  });

  it('returns a problem and writes nothing when the process cannot be placed', async () => {
    const file = join(dir, 'refused', 'shard.json');
    expect(await placeShard(file, 'auto', {})).toEqual({ problem: { kind: 'no-scheduler' } });
    expect(await readShardRecord(file)).toBeUndefined();
  });

  it('returns a conflict with the recorded place and leaves the record as it was', async () => {
    const file = join(dir, 'conflict', 'shard.json');
    await placeShard(file, '2/4', {});
    const refused = await placeShard(file, '3/4', {});
    expect(refused).toMatchObject({ problem: { kind: 'record-conflict', shard: { index: 3, count: 4 } } });
    expect((await readShardRecord(file))?.shard).toEqual({ index: 2, count: 4 });
  });
});
