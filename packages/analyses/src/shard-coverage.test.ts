import { describe, expect, it } from 'vitest';
import { shardCoverage } from './shard-coverage.js';
import type { ShardRecord } from './shard-record.js';

const origin = { scheduler: 'explicit' } as const;
const record = (index: number, count: number, completed: string[]): ShardRecord => ({
  shard: { index, count },
  origin,
  completed,
});

describe('shardCoverage', () => {
  it('finds nothing wrong when every command covers every shard once, or when no folder has a record', () => {
    expect(
      shardCoverage([
        { folder: 'a', record: record(2, 2, ['verify', 'run']) },
        { folder: 'b', record: record(1, 2, ['run', 'verify']) },
      ]),
    ).toEqual([]);
    expect(shardCoverage([{ folder: 'a', record: undefined }])).toEqual([]);
    // two sets of folders, one per command (embed shards, then run shards)
    expect(
      shardCoverage([
        { folder: 'embed-0', record: record(1, 2, ['embed']) },
        { folder: 'embed-1', record: record(2, 2, ['embed']) },
        { folder: 'run-0', record: record(1, 2, ['run']) },
        { folder: 'run-1', record: record(2, 2, ['run']) },
      ]),
    ).toEqual([]);
  });

  it('names the shards left out, done twice, unfinished or unrecorded', () => {
    const problems = shardCoverage([
      { folder: 'a', record: record(1, 3, ['run']) },
      { folder: 'b', record: record(1, 3, ['run']) },
      { folder: 'c', record: record(3, 3, []) },
      { folder: 'd', record: undefined },
    ]);
    expect(problems.map((p) => p.kind)).toEqual(['unrecorded', 'unfinished', 'duplicate', 'missing']);
    expect(problems.map((p) => p.message)).toEqual([
      'd has no shard record (shard.json) while the others have: not the work of a sharded command',
      'c (shard 3/3) finished no command: rerun it (resubmit the task)',
      'run: shard 1/3 was done in a and b',
      'run: no folder finished shards 2/3, 3/3',
    ]);
  });

  it('stops at records that disagree on the shard count', () => {
    const problems = shardCoverage([
      { folder: 'a', record: record(1, 2, ['run']) },
      { folder: 'b', record: record(2, 4, ['run']) },
    ]);
    expect(problems).toEqual([
      {
        kind: 'counts-differ',
        counts: [2, 4],
        message: 'the shard records disagree on the number of shards: a is 1/2, b is 2/4',
      },
    ]);
  });
});
