import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TEST_SUITE_SIZE, loadExecRetrieval, validationReport } from '@execret/dataset';
import { createOracle, type Oracle } from '@execret/oracle';
import { type FakeOpenAI, startFakeOpenAI } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../src/generate.js';
import { promptHash, systemPrompt } from '../src/prompt.js';
import { replyJsonSchema } from '../src/reply-schema.js';
import { formatGenerateReport } from '../src/report.js';
import { functionNameOf, good, json } from './helpers/replies.js';

/**
 * Three of each fixture reply's asserts that still catch all four of its distractors (checked with Python), so a
 * three-assert reply passes every gate.
 */
const THREE_ASSERTS: Record<string, readonly number[]> = {
  count_set_bits: [0, 1, 6],
  chunk_list: [0, 4, 5],
};
const registry = [
  { function_name: 'count_set_bits', domain: 'bit_manipulation', query: 'Count the 1 bits of an integer.' },
  { function_name: 'chunk_list', domain: 'collections', query: 'Split a list into chunks of a given size.' },
  { function_name: 'lcm_of_list', domain: 'math_numerical', query: 'Least common multiple of a list of integers.' },
];
const BOUNDS = { minTests: 3, maxTests: 5 };

let oracle: Oracle;
let server: FakeOpenAI;
let dir: string;

beforeAll(async () => {
  oracle = await createOracle({ timeoutMs: 3000 });
  // count_set_bits and chunk_list answer with three asserts; lcm_of_list always with six.
  server = await startFakeOpenAI(
    (_body, { subject: functionName }) => {
      const reply = good(functionName);
      const keep = THREE_ASSERTS[functionName];
      reply.tests = keep ? keep.map((i) => reply.tests[i]!) : reply.tests.slice(0, 6);
      return json(reply);
    },
    { subject: functionNameOf },
  );
  dir = await mkdtemp(join(tmpdir(), 'llm-generate-bounds-'));
});

afterAll(async () => {
  await oracle?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('generateDataset with minTests and maxTests', { timeout: 60_000 }, () => {
  let result: Awaited<ReturnType<typeof generateDataset>>;

  it('accepts three-assert replies and rejects a six-assert reply when the bounds are 3–5', async () => {
    result = await generateDataset(registry, {
      endpoint: { baseURL: server.baseURL, apiKey: 'sk-test', maxRetries: 0 },
      model: 'fake',
      outDir: dir,
      oracle,
      maxAttempts: 2,
      ...BOUNDS,
    });
    const { report } = result;
    expect(report.entries).toMatchObject({ total: 3, accepted: 2, rejected: 1, errored: 0 });
    expect(report.perEntry.map((e) => [e.function_name, e.status, e.reasons])).toEqual([
      ['count_set_bits', 'accepted', []],
      ['chunk_list', 'accepted', []],
      ['lcm_of_list', 'rejected', ['reply/wrong_schema']],
    ]);
    expect(report.settings).toMatchObject(BOUNDS);
    expect(report.promptSha256).toBe(promptHash('locked', BOUNDS));
    expect(report.promptSha256).not.toBe(promptHash('locked'));
    // the written dataset is checked against the run's bounds, not the default 7–10
    expect(report.datasetCheck).toEqual({ ok: true, errors: 0, warnings: 0, messages: [] });
  });

  it('feeds the schema failure back naming the bounds 3–5', () => {
    const retry = server.chatBodies.find(
      (b) => b.messages.length === 4 && b.messages[1]!.content.startsWith('Function name: lcm_of_list'),
    )!;
    expect(retry.messages[3]!.content).toContain(
      '- reply/wrong_schema: field tests: expected 3–5 asserts, received an array of 6',
    );
  });

  it('sends the prompt and the JSON schema of the bounds', () => {
    expect(server.chatBodies).toHaveLength(4);
    for (const body of server.chatBodies) {
      expect(body.messages[0]).toEqual({ role: 'system', content: systemPrompt('locked', BOUNDS) });
      expect(body.messages[0]!.content).toContain('- Between 3 and 5 tests. Each test is ONE line');
      expect(body.response_format?.json_schema?.schema).toEqual(replyJsonSchema('locked', BOUNDS));
      expect(JSON.stringify(body.response_format)).toContain('"minItems":3,"maxItems":5');
    }
  });

  it('records the bounds in every query and in the report text when they are not the defaults', async () => {
    const { records, report } = result;
    expect(records.queries.map((q) => [q.test_suite.length, q.metadata.min_tests, q.metadata.max_tests])).toEqual([
      [3, 3, 5],
      [3, 3, 5],
    ]);
    expect(records.queries.every((q) => q.metadata.prompt_sha256 === report.promptSha256)).toBe(true);
    expect(formatGenerateReport(report)).toContain('\ntests per entry: 3–5\n');
    const written = (await readFile(join(dir, 'data/queries.jsonl'), 'utf8')).trim().split('\n');
    for (const line of written) expect(JSON.parse(line).metadata).toMatchObject({ min_tests: 3, max_tests: 5 });
    const benchmark = await loadExecRetrieval(dir);
    expect(validationReport(benchmark, { testSuiteSize: { min: 3, max: 5 } }).ok).toBe(true);
  });

  it('writes no bounds into the metadata when they are the defaults', async () => {
    const other = await mkdtemp(join(tmpdir(), 'llm-generate-bounds-default-'));
    try {
      server.setScript((_body, { subject }) => json(good(subject)));
      const { records, report } = await generateDataset(registry.slice(0, 1), {
        endpoint: { baseURL: server.baseURL, apiKey: 'sk-test', maxRetries: 0 },
        model: 'fake',
        outDir: other,
        oracle,
        minTests: DEFAULT_TEST_SUITE_SIZE.min,
        maxTests: DEFAULT_TEST_SUITE_SIZE.max,
      });
      expect(report.entries.accepted).toBe(1);
      expect(report.settings).toMatchObject({
        minTests: DEFAULT_TEST_SUITE_SIZE.min,
        maxTests: DEFAULT_TEST_SUITE_SIZE.max,
      });
      expect(report.promptSha256).toBe(promptHash('locked'));
      expect(Object.keys(records.queries[0]!.metadata)).not.toContain('min_tests');
      expect(Object.keys(records.queries[0]!.metadata)).not.toContain('max_tests');
      expect(await readFile(join(other, 'data/queries.jsonl'), 'utf8')).not.toMatch(/min_tests|max_tests/u);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
