import { describe, expect, it } from 'vitest';
import { OracleError } from './errors.js';
import { leaseSandboxUids, uidsInUse } from './sandbox-uids.js';

// High uids nothing on a test machine runs as, away from the oracle's defaults.
const HIGHEST = 3_999_000;
const none = () => new Set<number>();

describe('leaseSandboxUids', () => {
  it('takes the highest free uids, downwards, when nothing else holds them', async () => {
    const lease = await leaseSandboxUids(3, { highest: HIGHEST, uidsInUse: none, component: 'test' });
    expect(lease.uids).toEqual([HIGHEST, HIGHEST - 1, HIGHEST - 2]);
    lease.release();
  });

  it('never gives a uid held by another lease of this host to a second one, until it is released', async () => {
    const first = await leaseSandboxUids(2, { highest: HIGHEST - 10, uidsInUse: none, component: 'test' });
    const second = await leaseSandboxUids(2, { highest: HIGHEST - 10, uidsInUse: none, component: 'test' });
    expect(first.uids).toEqual([HIGHEST - 10, HIGHEST - 11]);
    expect(second.uids).toEqual([HIGHEST - 12, HIGHEST - 13]);
    first.release();
    first.release(); // idempotent
    const third = await leaseSandboxUids(2, { highest: HIGHEST - 10, uidsInUse: none, component: 'test' });
    expect(third.uids).toEqual([HIGHEST - 10, HIGHEST - 11]);
    second.release();
    third.release();
  });

  it('skips uids that some process runs as', async () => {
    const busy = new Set([HIGHEST - 20, HIGHEST - 22]);
    const lease = await leaseSandboxUids(2, { highest: HIGHEST - 20, uidsInUse: () => busy, component: 'test' });
    expect(lease.uids).toEqual([HIGHEST - 21, HIGHEST - 23]);
    lease.release();
  });

  it('rejects with server-start-failed, naming the range, when the span has too few free uids', async () => {
    const busy = new Set([HIGHEST - 30, HIGHEST - 31]);
    const error = await leaseSandboxUids(2, {
      highest: HIGHEST - 30,
      span: 3,
      uidsInUse: () => busy,
      component: 'test',
    }).catch((e: unknown) => e);
    expect(OracleError.is(error) && error.code).toBe('server-start-failed');
    expect((error as Error).message).toMatch(/needs 2 sandbox uids, found 1 free in 3998968–3998970/);
    // What it had taken was given back.
    const again = await leaseSandboxUids(1, { highest: HIGHEST - 32, uidsInUse: none, component: 'test' });
    expect(again.uids).toEqual([HIGHEST - 32]);
    again.release();
  });
});

describe('uidsInUse', () => {
  it('includes the uid this process runs as', () => {
    expect(uidsInUse().has(process.getuid?.() ?? -1)).toBe(true);
  });
});
