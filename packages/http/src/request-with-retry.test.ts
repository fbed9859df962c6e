import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { postJson } from './post-json.js';
import { type RequestWithRetryOptions, requestWithRetry, resolveRetryPolicy } from './request-with-retry.js';
import type { FetchLike } from './types.js';

const KEY = 'sk-test-SECRET-1357';
const LABEL = '@execret/test fake';

type Reply = { status?: number; headers?: Record<string, string>; body?: string } | 'hang' | 'refuse';

/** A fetch that answers from a script, one reply per call (the last one repeats), and counts calls. */
function scriptedFetch(replies: Reply[]): { fetch: FetchLike; calls: () => number } {
  let n = 0;
  const fetch: FetchLike = (_input, init) => {
    const reply = replies[Math.min(n, replies.length - 1)] as Reply;
    n++;
    if (reply === 'refuse') return Promise.reject(new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1:9'));
    if (reply === 'hang') {
      return new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
      });
    }
    return Promise.resolve(
      new Response(reply.body ?? '{"ok":true}', { status: reply.status ?? 200, headers: reply.headers ?? {} }),
    );
  };
  return { fetch, calls: () => n };
}

function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
    },
  };
}

const sendJson =
  (key = KEY) =>
  ({ fetch, signal }: { fetch: FetchLike; signal: AbortSignal }) =>
    postJson(fetch, 'http://127.0.0.1:9/x', { q: 1 }, { authorization: `Bearer ${key}` }, signal, LABEL);

function options(extra: Partial<RequestWithRetryOptions>): RequestWithRetryOptions {
  return { label: LABEL, secrets: [KEY], random: () => 0.5, ...extra };
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!HttpError.is(error)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('requestWithRetry', () => {
  it('returns the value and 0 retries when the first attempt succeeds', async () => {
    const { fetch } = scriptedFetch([{ body: '{"a":1}' }]);
    await expect(requestWithRetry(sendJson(), options({ fetch }))).resolves.toEqual({ value: { a: 1 }, retries: 0 });
  });

  it('waits Retry-After and retries when the server answers 429', async () => {
    const { fetch, calls } = scriptedFetch([{ status: 429, headers: { 'retry-after': '2' } }, { body: '[1]' }]);
    const { sleep, delays } = recordingSleep();
    const result = await requestWithRetry(sendJson(), options({ fetch, sleep }));
    expect(result).toEqual({ value: [1], retries: 1 });
    expect(delays).toEqual([2000]);
    expect(calls()).toBe(2);
  });

  it('backs off exponentially with jitter and gives up with server when 5xx persists', async () => {
    const { fetch, calls } = scriptedFetch([{ status: 503, body: 'busy' }]);
    const { sleep, delays } = recordingSleep();
    const error = await failure(
      requestWithRetry(sendJson(), options({ fetch, sleep, maxRetries: 3, baseDelayMs: 100 })),
    );
    expect(error).toMatchObject({ code: 'server', status: 503, attempts: 4 });
    expect(error.message).toBe(`${LABEL}: server error (HTTP 503): HTTP 503: busy (gave up after 4 attempts)`);
    expect(calls()).toBe(4);
    expect(delays).toEqual([75, 150, 300]);
  });

  it('fails with auth at once and redacts the key when the server answers 401 quoting it', async () => {
    const { fetch, calls } = scriptedFetch([{ status: 401, body: `bad key ${KEY}` }]);
    const error = await failure(requestWithRetry(sendJson(), options({ fetch })));
    expect(error).toMatchObject({ code: 'auth', status: 401, attempts: 1 });
    expect(calls()).toBe(1);
    const everything = `${error.message} ${(error.cause as Error).message} ${error.stack} ${JSON.stringify(error)}`;
    expect(everything).not.toContain(KEY);
    expect(error.message).toContain('[redacted]');
  });

  it('fails with request without retrying when the server answers 400', async () => {
    const { fetch, calls } = scriptedFetch([{ status: 400, body: 'too long' }]);
    const error = await failure(requestWithRetry(sendJson(), options({ fetch })));
    expect(error).toMatchObject({ code: 'request', status: 400 });
    expect(calls()).toBe(1);
  });

  it('fails with response without retrying when the body is truncated JSON', async () => {
    const { fetch, calls } = scriptedFetch([{ body: '{"results":[{"index":0,"rel' }]);
    const error = await failure(requestWithRetry(sendJson(), options({ fetch })));
    expect(error).toMatchObject({ code: 'response', status: 200, attempts: 1 });
    expect(error.message).toMatch(/^@execret\/test fake: response is not valid JSON \(27 bytes/);
    expect(calls()).toBe(1);
  });

  it('times out an attempt that hangs and retries it', async () => {
    const { fetch, calls } = scriptedFetch(['hang', { body: '2' }]);
    const { sleep } = recordingSleep();
    const result = await requestWithRetry(sendJson(), options({ fetch, sleep, timeoutMs: 50 }));
    expect(result).toEqual({ value: 2, retries: 1 });
    expect(calls()).toBe(2);
  });

  it('ends an attempt at the time limit even when send ignores its signal', async () => {
    const { sleep } = recordingSleep();
    const error = await failure(
      requestWithRetry(() => new Promise<never>(() => undefined), options({ sleep, timeoutMs: 30, maxRetries: 1 })),
    );
    expect(error).toMatchObject({ code: 'timeout', attempts: 2 });
    expect(error.message).toBe(`${LABEL}: no response within 30 ms (gave up after 2 attempts)`);
  });

  it('retries network errors and gives up with network when the connection is refused', async () => {
    const { fetch, calls } = scriptedFetch(['refuse']);
    const { sleep } = recordingSleep();
    const error = await failure(requestWithRetry(sendJson(), options({ fetch, sleep, maxRetries: 2 })));
    expect(error).toMatchObject({ code: 'network', attempts: 3 });
    expect(calls()).toBe(3);
  });

  it('fails at once with rate-limit when Retry-After exceeds maxRetryAfterMs', async () => {
    const { fetch, calls } = scriptedFetch([{ status: 429, headers: { 'retry-after': '3600' } }]);
    const { sleep, delays } = recordingSleep();
    const error = await failure(requestWithRetry(sendJson(), options({ fetch, sleep })));
    expect(error).toMatchObject({ code: 'rate-limit', retryAfterMs: 3_600_000, attempts: 1 });
    expect(delays).toEqual([]);
    expect(calls()).toBe(1);
  });

  it('passes an HttpError thrown by send through without retrying when its code is final', async () => {
    const { fetch, calls } = scriptedFetch([{ body: '{"results":[]}' }]);
    const error = await failure(
      requestWithRetry(async (context) => {
        await sendJson()(context);
        throw new HttpError('response', `${LABEL}: malformed response: wrong count`);
      }, options({ fetch })),
    );
    expect(error).toMatchObject({
      code: 'response',
      attempts: 1,
      message: `${LABEL}: malformed response: wrong count`,
    });
    expect(calls()).toBe(1);
  });

  it('retries an HttpError thrown by send when its code is retryable', async () => {
    let n = 0;
    const { sleep } = recordingSleep();
    const result = await requestWithRetry(async () => {
      n++;
      if (n === 1) throw new HttpError('server', 'flaky');
      return 'ok';
    }, options({ sleep }));
    expect(result).toEqual({ value: 'ok', retries: 1 });
  });

  it('classifies an SDK error by its statusCode when no response was recorded', async () => {
    const error = await failure(
      requestWithRetry(() => Promise.reject(Object.assign(new Error('Forbidden'), { statusCode: 403 })), options({})),
    );
    expect(error).toMatchObject({ code: 'auth', status: 403 });
  });

  it('classifies an error after a 200 as response when an SDK fails to parse the body', async () => {
    const { fetch } = scriptedFetch([{ body: 'not json' }]);
    const error = await failure(
      requestWithRetry(async ({ fetch: f }) => {
        const r = await f('http://127.0.0.1:9/x');
        return JSON.parse(await r.text()) as unknown;
      }, options({ fetch })),
    );
    expect(error).toMatchObject({ code: 'response', status: 200 });
  });

  it('fails with aborted when the caller aborts during the wait between attempts', async () => {
    const controller = new AbortController();
    const { fetch } = scriptedFetch([{ status: 500 }]);
    const error = await failure(
      requestWithRetry(
        sendJson(),
        options({
          fetch,
          signal: controller.signal,
          sleep: (_ms, signal) =>
            new Promise((_, reject) => {
              signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
              controller.abort(new Error('user stop'));
            }),
        }),
      ),
    );
    expect(error.code).toBe('aborted');
    expect(error.message).toBe(`${LABEL}: the request was aborted by the caller`);
  });

  it('fails with aborted without calling send when the signal is already aborted', async () => {
    let called = false;
    const error = await failure(
      requestWithRetry(
        async () => {
          called = true;
        },
        options({ signal: AbortSignal.abort() }),
      ),
    );
    expect(error.code).toBe('aborted');
    expect(called).toBe(false);
  });

  it('throws RangeError before any attempt when maxRetries is negative', async () => {
    await expect(requestWithRetry(async () => 1, options({ maxRetries: -1 }))).rejects.toThrow(RangeError);
  });
});

describe('resolveRetryPolicy', () => {
  it('fills the documented defaults when nothing is set', () => {
    expect(resolveRetryPolicy({}, 'x')).toEqual({
      maxRetries: 5,
      timeoutMs: 60_000,
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      maxRetryAfterMs: 120_000,
    });
  });

  it.each([
    [{ maxRetries: 1.5 }, 'l: maxRetries must be an integer >= 0, received 1.5'],
    [{ timeoutMs: 0 }, 'l: timeoutMs must be > 0, received 0'],
  ])('throws RangeError for %j', (opts, message) => {
    expect(() => resolveRetryPolicy(opts, 'l')).toThrow(new RangeError(message));
  });
});
