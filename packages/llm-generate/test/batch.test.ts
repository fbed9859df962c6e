import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOracle, type Oracle } from '@execret/oracle';
import { type FakeOpenAI, startFakeOpenAI } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateCostUsd } from '../src/cost.js';
import { LlmGenerateError } from '../src/errors.js';
import { generateDataset } from '../src/generate.js';
import type { GenerateProgressEvent } from '../src/generate-options.js';
import { parseProgress } from '../src/progress.js';
import { replyJsonSchema } from '../src/reply-schema.js';
import { functionNameOf, good, json } from './helpers/replies.js';

const API_KEY = 'sk-batch-SECRET-1111';
const registry = [
  { function_name: 'count_set_bits', domain: 'bit_manipulation', query: 'Count the 1 bits of an integer.' },
  { function_name: 'chunk_list', domain: 'collections', query: 'Split a list into chunks of a given size.' },
  { function_name: 'lcm_of_list', domain: 'math_numerical', query: 'Least common multiple of a list of integers.' },
];

let oracle: Oracle;
let server: FakeOpenAI;
let dir: string;

beforeAll(async () => {
  oracle = await createOracle({ timeoutMs: 3000 });
  // chunk_list answers with the wrong schema in the batch and is retried by chat; lcm_of_list's batch line is an HTTP 500
  server = await startFakeOpenAI(
    (_body, { subject: functionName, attempt }) => {
      const reply = good(functionName);
      return functionName === 'chunk_list' && attempt === 1
        ? json({ ...reply, tests: reply.tests.slice(0, 3) })
        : json(reply);
    },
    { subject: functionNameOf, pollsBeforeDone: 2, batchFailFor: ['lcm_of_list'] },
  );
  dir = await mkdtemp(join(tmpdir(), 'llm-generate-batch-'));
});

afterAll(async () => {
  await oracle?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('generateDataset with batch', { timeout: 60_000 }, () => {
  it('sends first attempts through the Batch API, validates its output and retries failures with chat calls', async () => {
    const sleeps: number[] = [];
    const events: GenerateProgressEvent[] = [];
    const price = { inputUsdPerMillion: 2, outputUsdPerMillion: 8, batchFactor: 0.5 };
    const { report, records } = await generateDataset(registry, {
      endpoint: { baseURL: server.baseURL, apiKey: API_KEY },
      model: 'fake-batch',
      outDir: join(dir, 'run'),
      oracle,
      batch: { pollIntervalMs: 1234, sleep: async (ms) => void sleeps.push(ms), metadata: { purpose: 'test' } },
      prices: { 'fake-batch': price },
      onProgress: (e) => events.push(e),
    });

    // the request file
    const uploads = [...server.files.values()].filter((f) => f.purpose === 'batch');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.filename).toMatch(/\.jsonl$/u);
    const lines = uploads[0]!.content
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            custom_id: string;
            method: string;
            url: string;
            body: { model: string; response_format: unknown; messages: unknown[] };
          },
      );
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatchObject({ method: 'POST', url: '/v1/chat/completions', body: { model: 'fake-batch' } });
      expect(line.body.response_format).toEqual({
        type: 'json_schema',
        json_schema: { name: 'execret_locked_entry', strict: true, schema: replyJsonSchema('locked') },
      });
      expect(line.body.messages).toHaveLength(2);
    }
    expect(new Set(lines.map((l) => l.custom_id)).size).toBe(3);
    const create = server.requests.find((r) => r.method === 'POST' && r.path === '/v1/batches')!;
    expect(create.body).toMatchObject({
      endpoint: '/v1/chat/completions',
      completion_window: '24h',
      metadata: { purpose: 'test' },
    });
    expect(create.headers.authorization).toBe(`Bearer ${API_KEY}`);

    // polling
    expect(sleeps).toEqual([1234, 1234]);
    expect(events.filter((e) => e.kind === 'batch').map((e) => (e.kind === 'batch' ? e.status : ''))).toEqual([
      'in_progress',
      'in_progress',
      'completed',
    ]);

    // chat calls: chunk_list's second attempt (with feedback) and lcm_of_list's first attempt
    expect(server.chatBodies.map((b) => b.messages.length).sort()).toEqual([2, 4]);
    const retry = server.chatBodies.find((b) => b.messages.length === 4)!;
    expect(retry.messages[3]!.content).toContain('reply/wrong_schema: field tests');

    expect(report.batch).toBe(true);
    expect(report.entries).toMatchObject({ total: 3, accepted: 3 });
    expect(report.attempts).toEqual({ total: 4, acceptedAt: { '1': 2, '2': 1 } });
    expect(report.firstAttemptValidationRate).toBeCloseTo(2 / 3, 12);
    expect(report.tokens.batch).toEqual({
      promptTokens: server.usage.batch.prompt,
      completionTokens: server.usage.batch.completion,
    });
    expect(report.tokens.chat).toEqual({
      promptTokens: server.usage.chat.prompt,
      completionTokens: server.usage.chat.completion,
    });
    expect(report.costUsd).toBeCloseTo(estimateCostUsd(report.tokens, price), 12);
    expect(report.costUsd).toBeLessThan(
      estimateCostUsd({ chat: report.tokens.chat, batch: report.tokens.batch }, { ...price, batchFactor: 1 }),
    );
    expect(report.warnings.some((w) => w.includes('lcm_of_list') && w.includes('HTTP 500'))).toBe(true);
    expect(records.queries).toHaveLength(3);

    const progress = parseProgress(await readFile(join(dir, 'run', 'generation-progress.jsonl'), 'utf8'));
    expect(progress.records.filter((r) => r.type === 'batch')).toHaveLength(1);
    expect(progress.records.filter((r) => r.type === 'batch_done')).toEqual([
      { type: 'batch_done', batch_id: [...server.batches.keys()][0], status: 'completed' },
    ]);
    expect(
      progress.records
        .filter((r) => r.type === 'attempt')
        .map((r) => (r.type === 'attempt' ? r.via : ''))
        .sort(),
    ).toEqual(['batch', 'batch', 'chat', 'chat']);
  });

  it('polls the recorded batch again instead of submitting a new one after a crash while waiting', async () => {
    const outDir = join(dir, 'resume');
    const controller = new AbortController();
    const uploads = server.files.size;
    const error = await generateDataset(registry.slice(0, 1), {
      endpoint: { baseURL: server.baseURL, apiKey: API_KEY },
      model: 'fake-batch',
      outDir,
      oracle,
      signal: controller.signal,
      batch: {
        sleep: async () => {
          controller.abort();
          throw new LlmGenerateError('aborted', 'stopped while waiting');
        },
      },
    }).catch((e: unknown) => e);
    expect(LlmGenerateError.is(error) && error.code).toBe('aborted');
    expect(server.batches.size).toBe(2);
    const { report } = await generateDataset(registry.slice(0, 1), {
      endpoint: { baseURL: server.baseURL, apiKey: API_KEY },
      model: 'fake-batch',
      outDir,
      oracle,
      batch: { sleep: async () => undefined },
    });
    expect(server.batches.size).toBe(2);
    expect(server.files.size).toBe(uploads + 2); // one request file + one output file, nothing re-uploaded
    expect(report.entries).toMatchObject({ accepted: 1 });
    expect(report.perEntry[0]!.attempts).toBe(1);
  });

  it('throws batch-failed with the batch errors when the batch fails', async () => {
    const failing = await startFakeOpenAI((_b, { subject: functionName }) => json(good(functionName)), {
      subject: functionNameOf,
      pollsBeforeDone: 0,
      finalStatus: 'failed',
    });
    try {
      const error = await generateDataset(registry.slice(0, 1), {
        endpoint: { baseURL: failing.baseURL, apiKey: API_KEY },
        model: 'm',
        oracle,
        batch: { sleep: async () => undefined },
      }).catch((e: unknown) => e);
      expect(LlmGenerateError.is(error) && error.code).toBe('batch-failed');
      expect((error as Error).message).toMatch(/invalid_request \(line 1\): scripted failure/u);
    } finally {
      await failing.close();
    }
  });
});
