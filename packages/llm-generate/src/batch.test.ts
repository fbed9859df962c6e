import type { BatchLike, OpenAICompatibleClient } from '@execret/http';
import { describe, expect, it } from 'vitest';
import { batchInputJsonl, collectBatchResults, parseBatchOutput, waitForBatch } from './batch.js';
import { LlmGenerateError } from './errors.js';

const completion = {
  choices: [{ message: { content: '{}' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 3, completion_tokens: 1 },
};

function stubClient(
  statuses: string[],
  files: Record<string, string> = {},
): OpenAICompatibleClient & { retrieved: number } {
  const client = {
    retrieved: 0,
    chat: { completions: { create: async () => completion } },
    files: {
      create: async () => ({ id: 'file-in' }),
      content: async (id: string) => ({ text: async () => files[id] ?? '' }),
    },
    batches: {
      create: async () => ({ id: 'b1', status: 'validating' }),
      retrieve: async (id: string): Promise<BatchLike> => {
        const status = statuses[Math.min(client.retrieved, statuses.length - 1)]!;
        client.retrieved += 1;
        return { id, status, output_file_id: 'file-out', error_file_id: 'file-err' };
      },
    },
  };
  return client;
}

describe('batchInputJsonl', () => {
  it('writes one request line per request and refuses duplicate custom ids', () => {
    const text = batchInputJsonl([
      { customId: 'a', body: { model: 'm', messages: [] } },
      { customId: 'b', body: { model: 'm', messages: [{ role: 'user', content: 'hé' }] } },
    ]);
    expect(text.split('\n')).toHaveLength(3);
    expect(JSON.parse(text.split('\n')[1]!)).toEqual({
      custom_id: 'b',
      method: 'POST',
      url: '/v1/chat/completions',
      body: { model: 'm', messages: [{ role: 'user', content: 'hé' }] },
    });
    expect(() =>
      batchInputJsonl([
        { customId: 'a', body: { model: 'm', messages: [] } },
        { customId: 'a', body: { model: 'm', messages: [] } },
      ]),
    ).toThrow(RangeError);
  });
});

describe('parseBatchOutput', () => {
  it('separates completions, HTTP errors, request errors and unreadable lines', () => {
    const lines = [
      JSON.stringify({ custom_id: 'ok', response: { status_code: 200, body: completion }, error: null }),
      JSON.stringify({
        custom_id: 'http',
        response: { status_code: 429, body: { error: { message: 'rate limited' } } },
        error: null,
      }),
      JSON.stringify({
        custom_id: 'err',
        response: null,
        error: {
          code: 'batch_expired',
          message: 'This request could not be executed before the completion window expired.',
        },
      }),
      'garbage',
      JSON.stringify({ response: {} }),
    ];
    const out = parseBatchOutput(`${lines.join('\n')}\n`);
    expect(out.results.get('ok')).toEqual({ ok: true, completion });
    expect(out.results.get('http')).toEqual({ ok: false, error: 'HTTP 429: rate limited' });
    expect(out.results.get('err')).toEqual({
      ok: false,
      error: 'This request could not be executed before the completion window expired.',
    });
    expect(out.issues.map((i) => i.line)).toEqual([4, 5]);
  });
});

describe('waitForBatch', () => {
  it('polls until a terminal status and sleeps the interval between polls', async () => {
    const client = stubClient(['validating', 'in_progress', 'finalizing', 'completed']);
    const sleeps: number[] = [];
    const seen: string[] = [];
    const batch = await waitForBatch(client, 'b1', {
      pollIntervalMs: 7,
      sleep: async (ms) => void sleeps.push(ms),
      onStatus: (b) => seen.push(b.status),
    });
    expect(batch.status).toBe('completed');
    expect(seen).toEqual(['validating', 'in_progress', 'finalizing', 'completed']);
    expect(sleeps).toEqual([7, 7, 7]);
  });

  it('rejects with aborted when the signal fires while waiting', async () => {
    const controller = new AbortController();
    const client = stubClient(['in_progress']);
    const waiting = waitForBatch(client, 'b1', { pollIntervalMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await waiting.catch((e: unknown) => e);
    expect(LlmGenerateError.is(error) && error.code).toBe('aborted');
  });

  it('refuses clients without the batch API', async () => {
    await expect(waitForBatch({ chat: { completions: { create: async () => completion } } }, 'b')).rejects.toThrow(
      TypeError,
    );
  });
});

describe('collectBatchResults', () => {
  it('merges the error file and the output file of an expired batch', async () => {
    const client = stubClient(['expired'], {
      'file-out': `${JSON.stringify({ custom_id: 'a', response: { status_code: 200, body: completion } })}\n`,
      'file-err': `${JSON.stringify({ custom_id: 'b', response: null, error: { message: 'expired' } })}\n`,
    });
    const out = await collectBatchResults(client, {
      id: 'b1',
      status: 'expired',
      output_file_id: 'file-out',
      error_file_id: 'file-err',
    });
    expect([...out.results.keys()].sort()).toEqual(['a', 'b']);
    expect(out.results.get('b')).toEqual({ ok: false, error: 'expired' });
  });
});
