import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOracle, type Oracle } from '@execret/oracle';
import { type FakeOpenAI, startFakeOpenAI } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmGenerateError } from '../src/errors.js';
import { generateDataset } from '../src/generate.js';
import { systemPrompt } from '../src/prompt.js';
import { replyJsonSchema } from '../src/reply-schema.js';
import { functionNameOf, GOOD, good, json } from './helpers/replies.js';

const API_KEY = 'sk-adversarial-SECRET-9876';
const QUERIES: Record<string, [string, string]> = {
  count_set_bits: ['bit_manipulation', 'Count the 1 bits of an integer; negatives as 32-bit two’s complement.'],
  chunk_list: ['collections', 'Split a list into chunks of a given size.'],
  lcm_of_list: ['math_numerical', 'Least common multiple of a list of integers.'],
  find_first_occurrence: ['sorting_searching', 'Index of the first occurrence of a value in a sorted list, or -1.'],
  camel_to_snake: ['string_processing', 'Convert camelCase to snake_case.'],
  is_valid_ipv4: ['validation', 'Is a string a dotted-quad IPv4 address?'],
};
const registry = (...names: string[]) =>
  names.map((n) => ({ function_name: n, domain: QUERIES[n]![0], query: QUERIES[n]![1] }));

let oracle: Oracle;
let server: FakeOpenAI;
let dir: string;
let marker: string;

beforeAll(async () => {
  oracle = await createOracle({ timeoutMs: 1000 });
  server = await startFakeOpenAI(() => ({ status: 500 }), { subject: functionNameOf });
  dir = await mkdtemp(join(tmpdir(), 'llm-generate-adversarial-'));
  marker = join(dir, 'hostile-was-here');
});

afterAll(async () => {
  await oracle?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('generateDataset with adversarial replies', { timeout: 60_000 }, () => {
  it('rejects hostile snippets, non-assert tests, rewritten distractors, refusals, truncation and unknown bug types, and keeps failing requests for the next run', async () => {
    const hostile = `import os\nos.system("touch ${marker}")\n\ndef count_set_bits(n):\n    while True:\n        pass\n`;
    server.setScript((_body, { subject: functionName, attempt }) => {
      const reply = good(functionName);
      switch (functionName) {
        case 'count_set_bits':
          return json({
            ...reply,
            canonical: hostile,
            distractors: reply.distractors.map((d, i) => ({ ...d, code: hostile.replace('True', String(i + 1)) })),
          });
        case 'chunk_list':
          if (attempt === 2) return { content: null, refusal: 'I cannot help with writing buggy code.' };
          reply.tests[0] = 'print(chunk_list([1, 2], 1))';
          reply.tests[1] = 'assert True';
          reply.distractors[2]!.code =
            'def chunk_list(items, size):\n    out = []\n    i = 0\n    while i < len(items):\n        out.append(items[i:i + size])\n        i += size + 1\n    return out\n';
          return json(reply);
        case 'lcm_of_list':
          if (attempt === 1) return { content: JSON.stringify(reply).slice(0, 200), finishReason: 'length' };
          return json({
            ...reply,
            distractors: reply.distractors.map((d, i) => (i === 0 ? { ...d, bug_type: 'typo' } : d)),
          });
        default:
          return { status: 503 };
      }
    });
    const outDir = join(dir, 'locked');
    const { report } = await generateDataset(
      registry('count_set_bits', 'chunk_list', 'lcm_of_list', 'find_first_occurrence'),
      {
        endpoint: { baseURL: server.baseURL, apiKey: API_KEY, maxRetries: 0 },
        model: 'fake',
        outDir,
        oracle,
        maxAttempts: 2,
      },
    );
    expect(report.entries).toEqual({
      total: 4,
      accepted: 0,
      rejected: 3,
      integrityRejected: 0,
      errored: 1,
      resumed: 0,
    });
    expect(report.firstAttemptValidationRate).toBe(0);
    expect(report.finalValidationRate).toBe(0);
    expect(report.rejectionReasons).toMatchObject({
      'execution/canonical_fails': 2,
      'ast/test_not_assert': 1,
      'ast/test_no_call': 1,
      'edit/not_single_edit': 1,
      'reply/refusal': 1,
      'reply/truncated': 1,
      'reply/wrong_schema': 1,
    });
    expect(report.finalRejectionReasons).toEqual({
      'execution/canonical_fails': 1,
      'reply/refusal': 1,
      'reply/wrong_schema': 1,
    });
    const errored = report.perEntry.find((e) => e.status === 'error')!;
    expect(errored).toMatchObject({ function_name: 'find_first_occurrence', attempts: 0 });
    expect(errored.error).toMatch(/HTTP 503/u);
    // the hostile snippet ran contained: its infinite loop timed out and its os.system wrote nothing here
    await expect(stat(marker)).rejects.toMatchObject({ code: 'ENOENT' });
    const progress = await readFile(join(outDir, 'generation-progress.jsonl'), 'utf8');
    expect(progress).toContain('TIMEOUT');
    expect(progress).not.toContain(API_KEY);

    // next run: finished (rejected) entries stay finished, the failed request is retried
    server.setScript((_body, { subject: functionName }) => json(good(functionName)));
    const before = server.chatBodies.length;
    const again = await generateDataset(
      registry('count_set_bits', 'chunk_list', 'lcm_of_list', 'find_first_occurrence'),
      {
        endpoint: { baseURL: server.baseURL, apiKey: API_KEY, maxRetries: 0 },
        model: 'fake',
        outDir,
        oracle,
        maxAttempts: 2,
      },
    );
    expect(server.chatBodies.length).toBe(before + 1);
    expect(again.report.entries).toEqual({
      total: 4,
      accepted: 1,
      rejected: 3,
      integrityRejected: 0,
      errored: 0,
      resumed: 3,
    });
    expect(again.records.queries.map((q) => q.metadata.function_name)).toEqual(['find_first_occurrence']);
  });

  it('keeps only the free-form rewrites the tests catch and counts the accidentally correct ones', async () => {
    server.setScript((_body, { subject: functionName, attempt }) => {
      const reply = good(functionName);
      const caught = reply.distractors.map((d) => ({ code: d.code, description: d.description }));
      if (functionName === 'camel_to_snake') {
        return json({
          canonical: reply.canonical,
          tests: reply.tests,
          buggy_rewrites: [
            caught[0],
            {
              code: reply.canonical.replaceAll('out', 'pieces'),
              description: 'Renamed a variable (not a bug at all).',
            },
            { code: 'def camel_to_snake(name):\n    return name.lower(\n', description: 'Does not parse.' },
            caught[1],
          ],
        });
      }
      // is_valid_ipv4: every rewrite is correct on attempt 1, so the entry is retried
      const equivalent = (i: number) => ({
        code: `${reply.canonical}\n# variant ${i}\n`,
        description: 'No change in behaviour.',
      });
      return json({
        canonical: reply.canonical,
        tests: reply.tests,
        buggy_rewrites: attempt === 1 ? [0, 1, 2, 3].map(equivalent) : caught,
      });
    });
    const outDir = join(dir, 'free-form');
    const { report, records } = await generateDataset(registry('camel_to_snake', 'is_valid_ipv4'), {
      endpoint: { baseURL: server.baseURL, apiKey: API_KEY },
      model: 'fake',
      mode: 'free-form',
      rewrites: 4,
      outDir,
      oracle,
    });
    expect(report.entries).toMatchObject({ total: 2, accepted: 2 });
    expect(report.rejectionReasons).toEqual({
      'execution/too_few_failing_rewrites': 1,
      'execution/distractor_passes': 1,
    });
    // executed rewrites: camel 3 (2 caught, 1 correct), ipv4 attempt 1: 4 correct, attempt 2: 4 caught
    expect(report.distractors.statuses).toEqual({
      kept: 6,
      accidentally_correct: 5,
      invalid: 1,
      not_judged: 0,
      surplus: 0,
    });
    expect(report.distractors.accidentalCorrectRate).toBeCloseTo(5 / 11, 12);
    expect(records.queries.map((q) => q.paired_distractor_corpus_ids.length)).toEqual([2, 4]);
    expect(new Set(records.corpus.filter((c) => c.label === 'incorrect').map((c) => c.bug_type))).toEqual(
      new Set(['free_form']),
    );
    expect(
      records.distractorMetadata.every((m) => m.mode === 'free-form' && m.edits[0]!.operator === 'llm_rewrite'),
    ).toBe(true);
    expect(report.datasetCheck).toMatchObject({ ok: true, errors: 0 });
    const body = server.chatBodies[server.chatBodies.length - 1]!;
    expect(body.messages[0]!.content).toBe(systemPrompt('free-form', { rewrites: 4 }));
    expect(body.response_format?.json_schema?.schema).toEqual(replyJsonSchema('free-form', { rewrites: 4 }));
  });

  it('stops with request-failed and no key in the message when the endpoint answers 401', async () => {
    server.setScript(() => ({
      status: 401,
      json: {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
      },
    }));
    const error = await generateDataset(registry('count_set_bits', 'chunk_list'), {
      endpoint: { baseURL: server.baseURL, apiKey: API_KEY },
      model: 'fake',
      oracle,
      concurrency: 1,
    }).catch((e: unknown) => e);
    expect(LlmGenerateError.is(error)).toBe(true);
    expect((error as LlmGenerateError).code).toBe('request-failed');
    expect((error as Error).message).toMatch(/HTTP 401/u);
    expect((error as Error).message).not.toContain(API_KEY);
  });

  it('stops with aborted when the signal fires and resumes where it stopped', async () => {
    server.setScript((_body, { subject: functionName }) => json(good(functionName)));
    const progressFile = join(dir, 'abort.jsonl');
    const controller = new AbortController();
    const names = ['count_set_bits', 'chunk_list', 'lcm_of_list'];
    const error = await generateDataset(registry(...names), {
      endpoint: { baseURL: server.baseURL, apiKey: API_KEY },
      model: 'fake',
      oracle,
      concurrency: 1,
      progressFile,
      signal: controller.signal,
      onProgress: (e) => {
        if (e.kind === 'entry') controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(LlmGenerateError.is(error) && error.code).toBe('aborted');
    const before = server.chatBodies.length;
    const { report } = await generateDataset(registry(...names), {
      endpoint: { baseURL: server.baseURL, apiKey: API_KEY },
      model: 'fake',
      oracle,
      progressFile,
    });
    expect(report.entries).toMatchObject({ accepted: 3, resumed: 1 });
    expect(server.chatBodies.length).toBe(before + 2);
    expect(Object.keys(GOOD)).toEqual(expect.arrayContaining(names));
  });
});
