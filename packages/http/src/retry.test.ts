import { describe, expect, it } from 'vitest';
import { backoffDelayMs, parseRetryAfter, sleep } from './retry.js';

describe('parseRetryAfter', () => {
  const now = Date.UTC(2015, 9, 21, 7, 28, 0);
  it.each([
    [{ retryAfter: '2' }, 2000],
    [{ retryAfter: ' 1.5 ' }, 1500],
    [{ retryAfter: '0' }, 0],
    [{ retryAfter: 'Wed, 21 Oct 2015 07:28:05 GMT' }, 5000],
    [{ retryAfter: 'Wed, 21 Oct 2015 07:27:00 GMT' }, 0],
    [{ retryAfterMs: '150', retryAfter: '9' }, 150],
    [{ retryAfterMs: 'soon', retryAfter: '9' }, 9000],
    [{ retryAfter: 'soon' }, undefined],
    [{ retryAfter: '-3' }, undefined],
    [{ retryAfter: null }, undefined],
    [{}, undefined],
  ])('reads %j as %s ms', (headers, expected) => {
    expect(parseRetryAfter(headers, now)).toBe(expected);
  });
});

describe('backoffDelayMs', () => {
  const policy = { baseDelayMs: 500, maxDelayMs: 30_000 };
  it.each([
    [0, 0, 250],
    [0, 1, 500],
    [1, 0.5, 750],
    [3, 1, 4000],
    [10, 1, 30_000],
    [10, 0, 15_000],
  ])('gives retry %d with random %d a delay of %d ms', (retry, r, expected) => {
    expect(backoffDelayMs(retry, undefined, policy, () => r)).toBe(expected);
  });

  it('uses the server delay when Retry-After was sent', () => {
    expect(backoffDelayMs(4, 1200, policy, () => 1)).toBe(1200);
  });
});

describe('sleep', () => {
  it('rejects with the abort reason when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });

  it('rejects at once when the signal is already aborted', async () => {
    await expect(sleep(10_000, AbortSignal.abort(new Error('early')))).rejects.toThrow('early');
  });
});
