import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysesError } from './analyses-error.js';
import {
  formatShardRecord,
  parseShardRecord,
  readShardRecord,
  recordShardCompleted,
  type ShardRecord,
  writeShardRecord,
} from './shard-record.js';

const slurmRecord: ShardRecord = {
  shard: { index: 3, count: 4 },
  origin: { scheduler: 'slurm', arrayJobId: '12', taskId: 4, min: 0, max: 6, step: 2, count: 4 },
  completed: ['verify', 'embed'],
};

describe('formatShardRecord', () => {
  it('writes the documented fields in snake_case and reads back the same record', () => {
    const text = formatShardRecord(slurmRecord);
    expect(JSON.parse(text)).toEqual({
      v: 1,
      index: 3,
      count: 4,
      origin: { scheduler: 'slurm', array_job_id: '12', task_id: 4, min: 0, max: 6, step: 2, count: 4 },
      completed: ['verify', 'embed'],
    });
    expect(text.endsWith('}\n')).toBe(true);
    expect(parseShardRecord(text, 'shard.json')).toEqual(slurmRecord);
    for (const origin of [{ scheduler: 'explicit' }, { scheduler: 'kubernetes', index: 0 }] as const) {
      const record = { ...slurmRecord, origin };
      expect(parseShardRecord(formatShardRecord(record), 'f')).toEqual(record);
    }
  });
});

describe('parseShardRecord', () => {
  it.each([
    ['{', 'not JSON'],
    ['[]', 'expected a JSON object'],
    ['{"v":2}', 'field v: expected 1, received 2'],
    ['{"v":1,"index":0,"count":4}', 'field index'],
    ['{"v":1,"index":5,"count":4}', 'field index: 5 is above count 4'],
    ['{"v":1,"index":1,"count":4,"origin":{"scheduler":"pbs"},"completed":[]}', 'field origin.scheduler'],
    [
      '{"v":1,"index":1,"count":4,"origin":{"scheduler":"slurm","array_job_id":1,"task_id":0,"min":0,"max":3,"step":1,"count":4},"completed":[]}',
      'field origin.array_job_id',
    ],
    ['{"v":1,"index":1,"count":4,"origin":{"scheduler":"explicit"},"completed":"run"}', 'field completed'],
  ])('refuses %s, naming the file and %s', (text, message) => {
    let thrown: unknown;
    try {
      parseShardRecord(text, '/w/shard-2/shard.json');
    } catch (error) {
      thrown = error;
    }
    expect(AnalysesError.is(thrown) && thrown.code).toBe('invalid-shard-record');
    expect((thrown as Error).message).toContain('/w/shard-2/shard.json');
    expect((thrown as Error).message).toContain(message);
  });
});

describe('readShardRecord and writeShardRecord', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'execret-shard-record-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads nothing when there is no record, and what was written when there is', async () => {
    const file = join(dir, 'cache', 'shard.json');
    expect(await readShardRecord(file)).toBeUndefined();
    await writeShardRecord(file, slurmRecord);
    expect(await readShardRecord(file)).toEqual(slurmRecord);
    expect(await readFile(file, 'utf8')).toBe(formatShardRecord(slurmRecord));
    await writeFile(file, '{"v":1}');
    await expect(readShardRecord(file)).rejects.toThrow(/field index/);
  });
});

describe('recordShardCompleted', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'execret-shard-completed-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('notes a command once, after what another command noted meanwhile', async () => {
    const file = join(dir, 'a', 'shard.json');
    const placed: ShardRecord = { ...slurmRecord, completed: [] };
    await writeShardRecord(file, { ...placed, completed: ['embed'] });
    await recordShardCompleted(file, 'run', placed);
    await recordShardCompleted(file, 'run', placed);
    expect((await readShardRecord(file))?.completed).toEqual(['embed', 'run']);
  });

  it('writes the placed record with the command when the file has gone', async () => {
    const file = join(dir, 'b', 'shard.json');
    await recordShardCompleted(file, 'verify', { ...slurmRecord, completed: [] });
    expect(await readShardRecord(file)).toEqual({ ...slurmRecord, completed: ['verify'] });
  });
});
