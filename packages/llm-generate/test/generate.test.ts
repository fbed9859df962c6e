import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadExecRetrieval, validationReport } from '@execret/dataset';
import { codeSha256, testsSha256 } from '@execret/formats';
import { applyEdits } from '@execret/generate';
import { createOracle, type Oracle } from '@execret/oracle';
import { type ChatScript, type FakeOpenAI, startFakeOpenAI } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateCostUsd } from '../src/cost.js';
import { generateDataset } from '../src/generate.js';
import type { GenerateProgressEvent } from '../src/generate-options.js';
import { PROMPT_VERSION, promptHash, systemPrompt } from '../src/prompt.js';
import { readRegistry } from '../src/registry.js';
import { replyJsonSchema } from '../src/reply-schema.js';
import { functionNameOf, good, json, REGISTRY_FILE } from './helpers/replies.js';

const API_KEY = 'sk-test-DO-NOT-LEAK-4242';
const PRICE = { inputUsdPerMillion: 1.25, outputUsdPerMillion: 10 };

/**
 * One scripted behaviour per registry entry (the fixture registry: six entries after de-duplication):
 * - count_set_bits: good at once;
 * - chunk_list: prose instead of JSON, then good;
 * - lcm_of_list: wrong schema (three distractors, no tests), then good;
 * - find_first_occurrence: a "distractor" that is an equivalent edit (passes every test), then good;
 * - camel_to_snake: a wrong test (the canonical fails it), then good;
 * - is_valid_ipv4: HTTP 429 with Retry-After, then good (the SDK retries; still attempt 1).
 */
const script: ChatScript = (_body, { subject: functionName, attempt, tries }) => {
  const reply = good(functionName);
  switch (functionName) {
    case 'chunk_list':
      return attempt === 1
        ? { content: 'Sure! Here is the entry you asked for: canonical = def chunk_list(...)' }
        : json(reply);
    case 'lcm_of_list':
      return attempt === 1
        ? json({ canonical: reply.canonical, distractors: reply.distractors.slice(0, 3) })
        : json(reply);
    case 'find_first_occurrence':
      if (attempt === 1) {
        reply.distractors[0] = {
          bug_type: 'swap_arguments',
          code: reply.canonical.replace('(low + high) // 2', '(high + low) // 2'),
          description: 'Swapped the operands.',
        };
      }
      return json(reply);
    case 'camel_to_snake':
      if (attempt === 1) reply.tests[2] = "assert camel_to_snake('simple') == 'SIMPLE'";
      return json(reply);
    case 'is_valid_ipv4':
      return tries === 1 ? { status: 429, headers: { 'retry-after': '1', 'retry-after-ms': '20' } } : json(reply);
    default:
      return json(reply);
  }
};

let oracle: Oracle;
let server: FakeOpenAI;
let dir: string;

beforeAll(async () => {
  oracle = await createOracle({ timeoutMs: 3000 });
  server = await startFakeOpenAI(script, { subject: functionNameOf });
  dir = await mkdtemp(join(tmpdir(), 'llm-generate-e2e-'));
});

afterAll(async () => {
  await oracle?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('generateDataset', { timeout: 60_000 }, () => {
  let first: Awaited<ReturnType<typeof generateDataset>>;
  const events: GenerateProgressEvent[] = [];

  it('turns the fixture registry into a validated dataset through the fake server when replies need retries', async () => {
    const registry = await readRegistry(REGISTRY_FILE);
    expect(registry.entries).toHaveLength(6);
    first = await generateDataset(registry, {
      endpoint: { baseURL: server.baseURL, apiKey: API_KEY, maxRetries: 2 },
      model: 'fake-reasoner',
      outDir: dir,
      oracle,
      concurrency: 3,
      prices: { 'fake-reasoner': PRICE },
      requestOptions: { reasoning_effort: 'high' },
      generatedAt: '2026-05-10T00:00:00Z',
      onProgress: (e) => events.push(e),
    });
    const { report } = first;
    expect(report.entries).toEqual({
      total: 6,
      accepted: 6,
      rejected: 0,
      integrityRejected: 0,
      errored: 0,
      resumed: 0,
    });
    expect(report.registry.duplicates.map((d) => d.kinds)).toEqual([['function_name'], ['query']]);
    expect(report.firstAttemptValidationRate).toBeCloseTo(2 / 6, 12);
    expect(report.finalValidationRate).toBe(1);
    expect(report.attempts).toEqual({ total: 10, acceptedAt: { '1': 2, '2': 4 } });
    expect(report.rejectionReasons).toEqual({
      'reply/malformed_json': 1,
      'reply/wrong_schema': 1,
      'execution/distractor_passes': 1,
      'execution/canonical_fails': 1,
    });
    expect(report.distractors.statuses.accidentally_correct).toBe(1);
    expect(report.datasetCheck).toMatchObject({ ok: true, errors: 0 });
    expect(report.promptSha256).toBe(promptHash('locked'));
    expect(report.endpoint).toBe(server.baseURL);
  });

  it('counts exactly the tokens the server reported and prices them when a price is given', () => {
    const { tokens, costUsd } = first.report;
    expect(tokens.chat).toEqual({
      promptTokens: server.usage.chat.prompt,
      completionTokens: server.usage.chat.completion,
    });
    expect(tokens.batch).toEqual({ promptTokens: 0, completionTokens: 0 });
    expect(costUsd).toBeCloseTo(estimateCostUsd({ chat: tokens.chat, batch: tokens.batch }, PRICE), 12);
    expect(costUsd).toBeGreaterThan(0);
  });

  it('sends the locked prompt, the strict JSON schema and the feedback of a rejected attempt', () => {
    // 10 answered requests + one 429 that the SDK retried
    expect(server.chatBodies).toHaveLength(11);
    for (const body of server.chatBodies) {
      expect(body.model).toBe('fake-reasoner');
      expect(body.reasoning_effort).toBe('high');
      expect(body.messages[0]).toEqual({ role: 'system', content: systemPrompt('locked') });
      expect(body.response_format).toEqual({
        type: 'json_schema',
        json_schema: { name: 'execret_locked_entry', strict: true, schema: replyJsonSchema('locked') },
      });
    }
    const retry = server.chatBodies.find(
      (b) => b.messages.length === 4 && b.messages[1]!.content.startsWith('Function name: chunk_list'),
    )!;
    expect(retry.messages[2]).toEqual({
      role: 'assistant',
      content: 'Sure! Here is the entry you asked for: canonical = def chunk_list(...)',
    });
    expect(retry.messages[3]!.role).toBe('user');
    expect(retry.messages[3]!.content).toContain('reply/malformed_json');
    const camel = server.chatBodies.find(
      (b) => b.messages.length === 4 && b.messages[1]!.content.startsWith('Function name: camel_to_snake'),
    )!;
    expect(camel.messages[3]!.content).toMatch(
      /execution\/canonical_fails: canonical fails 1 of \d+ tests: test 3 `assert camel_to_snake\('simple'\) == 'SIMPLE'` → FAIL/u,
    );
    const chatRequests = server.requests.filter((r) => r.path === '/v1/chat/completions');
    for (const r of chatRequests) expect(r.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('writes release files that load, validate and reproduce every distractor from its recorded edit', async () => {
    const benchmark = await loadExecRetrieval(dir);
    expect(validationReport(benchmark).ok).toBe(true);
    const { records } = first;
    expect(records.queries.map((q) => q.metadata.function_name)).toEqual([
      'count_set_bits',
      'chunk_list',
      'lcm_of_list',
      'find_first_occurrence',
      'camel_to_snake',
      'is_valid_ipv4',
    ]);
    expect(records.queries.map((q) => q.entry_id)).toEqual([
      'exec_bit_manipulation_1',
      'exec_collections_1',
      'exec_math_numerical_1',
      'exec_sorting_searching_1',
      'exec_string_processing_1',
      'exec_validation_1',
    ]);
    expect(records.corpus).toHaveLength(30);
    // default test bounds: nothing recorded, so the rows keep the bytes they had before the bounds were options
    for (const q of records.queries) expect(Object.keys(q.metadata)).not.toContain('min_tests');
    expect(records.queries[1]!.metadata).toMatchObject({
      model: 'fake-reasoner',
      attempt: 2,
      prompt_version: PROMPT_VERSION,
      generated_at: '2026-05-10T00:00:00Z',
    });
    const byId = new Map(records.corpus.map((c) => [c.corpus_id, c]));
    for (const meta of records.distractorMetadata) {
      const canonical = byId.get(meta.canonical_corpus_id)!.code;
      const distractor = byId.get(meta.corpus_id)!;
      expect(meta.origin).toBe('llm');
      expect(meta.prompt_sha256).toBe(promptHash('locked'));
      expect(meta.bug_type).toBe(distractor.bug_type);
      const edit = meta.edits[0]!;
      expect(
        applyEdits(canonical, [
          {
            line: edit.line,
            colStart: edit.col_start,
            endLine: edit.end_line,
            colEnd: edit.col_end,
            before: edit.before,
            after: edit.after,
          },
        ]),
      ).toBe(distractor.code);
      expect(meta.failed_tests).toBeGreaterThan(0);
    }
    const cache = new Map(records.executionCache.map((r) => [`${r.codeSha256}:${r.testsSha256}`, r]));
    for (const q of records.queries) {
      const canonical = byId.get(q.correct_corpus_ids[0]!)!;
      expect(cache.get(`${codeSha256(canonical.code)}:${testsSha256(q.test_suite)}`)?.passesAllTests).toBe(true);
      for (const id of q.paired_distractor_corpus_ids)
        expect(cache.get(`${codeSha256(byId.get(id)!.code)}:${testsSha256(q.test_suite)}`)?.passesAllTests).toBe(false);
    }
    const tasks = (await readFile(join(dir, 'tasks.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; tests: string[] });
    expect(tasks.map((t) => t.id)).toEqual(records.queries.map((q) => q.metadata.task_id));
  });

  it('never writes the API key into the progress file, the report or the dataset', async () => {
    for (const file of first.report.files) expect(await readFile(file, 'utf8')).not.toContain(API_KEY);
    expect(await readFile(join(dir, 'generation-progress.jsonl'), 'utf8')).not.toContain(API_KEY);
    expect(JSON.stringify(events)).not.toContain(API_KEY);
  });

  it('reports attempts and finished entries through onProgress in a consistent order', () => {
    expect(events[0]).toEqual({ kind: 'start', total: 6, finished: 0, pending: 6 });
    const entries = events.filter((e) => e.kind === 'entry');
    expect(entries.map((e) => (e.kind === 'entry' ? e.done : 0))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events.filter((e) => e.kind === 'attempt')).toHaveLength(10);
    expect(events.slice(-3).map((e) => (e.kind === 'phase' ? e.phase : e.kind))).toEqual([
      'integrity',
      'write',
      'check',
    ]);
  });

  it('makes no request and writes identical files when rerun on a finished progress file', async () => {
    const before = await Promise.all(
      first.report.files.filter((f) => f.endsWith('.jsonl')).map((f) => readFile(f, 'utf8')),
    );
    const requests = server.requests.length;
    const again = await generateDataset(await readRegistry(REGISTRY_FILE), {
      endpoint: { baseURL: server.baseURL, apiKey: API_KEY },
      model: 'fake-reasoner',
      outDir: dir,
      oracle,
      prices: { 'fake-reasoner': PRICE },
      requestOptions: { reasoning_effort: 'high' },
      generatedAt: '2026-05-10T00:00:00Z',
    });
    expect(server.requests.length).toBe(requests);
    expect(again.report.entries.resumed).toBe(6);
    expect(again.report.firstAttemptValidationRate).toBe(first.report.firstAttemptValidationRate);
    expect(again.report.tokens).toEqual(first.report.tokens);
    const after = await Promise.all(
      again.report.files
        .filter((f) => f.endsWith('.jsonl') && !f.endsWith('progress.jsonl'))
        .map((f) => readFile(f, 'utf8')),
    );
    expect(after).toEqual(before);
  });

  it('redoes only the entry whose record was torn by a crash', async () => {
    const progress = join(dir, 'generation-progress.jsonl');
    const text = await readFile(progress, 'utf8');
    const lines = text.trimEnd().split('\n');
    const last = JSON.parse(lines[lines.length - 1]!) as { entry_id: string };
    await truncate(progress, Buffer.byteLength(text) - 25); // cut into the last line (the entry record)
    const requests = server.chatBodies.length;
    const again = await generateDataset(await readRegistry(REGISTRY_FILE), {
      endpoint: { baseURL: server.baseURL, apiKey: API_KEY },
      model: 'fake-reasoner',
      outDir: dir,
      oracle,
      requestOptions: { reasoning_effort: 'high' },
    });
    const redone = server.chatBodies.slice(requests);
    expect(redone).toHaveLength(1);
    const fn = /Function name: (\S+)/u.exec(redone[0]!.messages[1]!.content)![1];
    expect(again.records.queries.find((q) => q.metadata.function_name === fn)?.metadata.task_id).toBe(last.entry_id);
    expect(again.report.entries).toMatchObject({ accepted: 6, resumed: 5 });
    expect(again.report.warnings.some((w) => w.includes('torn'))).toBe(true);
  });

  it('regenerates everything when the model changes (the key includes the model)', async () => {
    const other = await mkdtemp(join(tmpdir(), 'llm-generate-model-'));
    try {
      const progress = join(other, 'p.jsonl');
      await writeFile(progress, await readFile(join(dir, 'generation-progress.jsonl'), 'utf8'));
      const requests = server.chatBodies.length;
      const result = await generateDataset(
        [
          {
            function_name: 'count_set_bits',
            query: (await readRegistry(REGISTRY_FILE)).entries[0]!.query,
            domain: 'bit_manipulation',
          },
        ],
        {
          endpoint: { baseURL: server.baseURL, apiKey: API_KEY },
          model: 'another-model',
          progressFile: progress,
          oracle,
        },
      );
      expect(server.chatBodies.length).toBe(requests + 1);
      expect(result.report.entries).toMatchObject({ accepted: 1, resumed: 0 });
      expect(result.report.files).toEqual([]);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
