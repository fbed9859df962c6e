import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheLayout, openShard } from '../src/index.js';

// The placing rules and messages are @execret/analyses' (every case tested there); here, that the record lives in
// the cache folder's layout, the place is recorded before the work and the command once it finished.
describe('openShard', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-open-shard-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const slurm = { slurmArrayJobId: '12', slurmArrayTaskId: '4', slurmArrayTaskMin: '0', slurmArrayTaskMax: '6' };
  const stepped = { ...slurm, slurmArrayTaskStep: '2', slurmArrayTaskCount: '4' };

  it('places a task of a stepped Slurm array, records it in <cache>/shard.json, then the finished command once', async () => {
    const cacheDir = join(root, 'a');
    const opened = await openShard('auto', { cacheDir, scheduler: stepped, command: 'run' });
    if ('problem' in opened) throw new Error(opened.problem);
    expect(opened.shard).toEqual({ index: 3, count: 4 });
    expect(opened.placed).toEqual({ source: 'scheduler', by: 'Slurm array job 12 task 4 of --array=0-6:2' });
    const file = cacheLayout(cacheDir).shardRecord;
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ index: 3, count: 4, completed: [] });
    await opened.finished();
    await opened.finished();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ completed: ['run'] });
    const alone = { slurmArrayJobId: '15', slurmArrayTaskId: '4', slurmArrayTaskMin: '4', slurmArrayTaskCount: '1' };
    const again = await openShard('auto', { cacheDir, scheduler: alone, command: 'run' });
    expect(again).toMatchObject({ shard: { index: 3, count: 4 }, placed: { source: 'record' } });
  });

  it('says why a process cannot be placed, naming the option given, and records nothing', async () => {
    const cacheDir = join(root, 'b');
    const alone = { slurmArrayJobId: '3', slurmArrayTaskId: '2', slurmArrayTaskMin: '2', slurmArrayTaskCount: '1' };
    const opened = await openShard('auto', { cacheDir, scheduler: alone, command: 'run', option: '--place' });
    expect(opened).toEqual({ problem: expect.stringMatching(/task 2 is alone in its array .*--place i\/n/) });
    await expect(readFile(cacheLayout(cacheDir).shardRecord, 'utf8')).rejects.toThrow(/ENOENT/);
  });
});
