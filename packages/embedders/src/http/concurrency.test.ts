import { describe, expect, it } from 'vitest';
import { runWithConcurrency } from './concurrency.js';

describe('runWithConcurrency', () => {
  it('runs every task once with at most `limit` running when tasks wait', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runWithConcurrency(9, 3, async (i) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(i);
      running--;
    });
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(peak).toBe(3);
  });

  it('stops starting tasks, aborts running ones and rejects with the first error when a task fails', async () => {
    const started: number[] = [];
    let abortedSeen = false;
    const run = runWithConcurrency(10, 2, async (i, signal) => {
      started.push(i);
      if (i === 0) throw new Error('first');
      await new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => {
          abortedSeen = true;
          resolve();
        });
      });
      throw new Error('second');
    });
    await expect(run).rejects.toThrow('first');
    expect(abortedSeen).toBe(true);
    expect(started).toEqual([0, 1]);
  });

  it('throws RangeError for limit 0', async () => {
    await expect(runWithConcurrency(1, 0, async () => undefined)).rejects.toThrow(RangeError);
  });
});
