import { describe, expect, it } from 'vitest';
import { runPool } from './pool.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runPool', () => {
  it('never runs more than the limit at once and runs every item when nothing fails', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      seen.push(n);
      running -= 1;
    });
    expect(peak).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('starts nothing new after a failure and rethrows the first error', async () => {
    const started: number[] = [];
    const error = await runPool([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      await tick();
      if (n === 1) throw new Error('first');
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('first');
    expect(started.length).toBeLessThan(5);
  });

  it('throws RangeError when concurrency is not a positive integer', async () => {
    await expect(runPool([1], 0, async () => undefined)).rejects.toThrow(RangeError);
  });
});
