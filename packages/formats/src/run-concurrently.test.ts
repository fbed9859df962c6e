import { describe, expect, it } from 'vitest';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

import { runConcurrently } from './run-concurrently.js';

describe('runConcurrently', () => {
  it('runs every task once with at most `limit` running when tasks wait', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runConcurrently(9, 3, async (i) => {
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
    const run = runConcurrently(10, 2, async (i, signal) => {
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
    await expect(runConcurrently(1, 0, async () => undefined)).rejects.toThrow(RangeError);
  });

  it('throws RangeError when count is negative or not an integer', async () => {
    await expect(runConcurrently(-1, 1, async () => undefined)).rejects.toThrow(RangeError);
    await expect(runConcurrently(1.5, 1, async () => undefined)).rejects.toThrow(RangeError);
  });

  it('starts nothing and resolves when the caller signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const started: number[] = [];
    await runConcurrently(
      3,
      2,
      async (i) => {
        started.push(i);
      },
      controller.signal,
    );
    expect(started).toEqual([]);
  });

  it('stops starting tasks and aborts the running ones when the caller aborts mid-run', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    let sawAbort = 0;
    await runConcurrently(
      10,
      2,
      async (i, signal) => {
        started.push(i);
        if (i === 1) controller.abort(new Error('stop'));
        await new Promise<void>((resolve) => {
          if (signal.aborted) resolve();
          else signal.addEventListener('abort', () => resolve(), { once: true });
        });
        sawAbort++;
      },
      controller.signal,
    );
    expect(started).toEqual([0, 1]);
    expect(sawAbort).toBe(2);
  });
});

describe('runConcurrently (item lists, as the LLM pipeline uses it)', () => {
  it('never runs more than the limit at once and runs every item when nothing fails', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    const items = [1, 2, 3, 4, 5, 6, 7];
    await runConcurrently(items.length, 3, async (i) => {
      const n = items[i]!;
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
    const items = [1, 2, 3, 4, 5];
    const error = await runConcurrently(items.length, 2, async (i) => {
      const n = items[i]!;
      started.push(n);
      await tick();
      if (n === 1) throw new Error('first');
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('first');
    expect(started.length).toBeLessThan(5);
  });

  it('throws RangeError when concurrency is not a positive integer', async () => {
    await expect(runConcurrently(1, 0, async () => undefined)).rejects.toThrow(RangeError);
  });
});
