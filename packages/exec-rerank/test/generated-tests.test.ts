import { httpFailure } from '@execret/http';
import { createOracle, type Oracle } from '@execret/oracle';
import { type ChatScript, type FakeOpenAI, startFakeOpenAI, userMessage } from '@execret/test-kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExecReranker } from '../src/create-exec-reranker.js';
import { ExecRerankError } from '../src/errors.js';
import type { ExecRerankerOptions } from '../src/types.js';
import { type MiniTask, miniTaskById } from './helpers/mini.js';

/** Correct tests a good model could write from each query alone (none is a string of the benchmark's suites). */
const GOOD: Record<string, string[]> = {
  next_power_of_two: [
    'assert next_power_of_two(-3) == 1',
    'assert next_power_of_two(n=1) == 1',
    'assert next_power_of_two(5) == 8',
    'assert next_power_of_two(64) == 64',
    'assert next_power_of_two(65) == 128',
  ],
  sliding_windows: [
    'assert sliding_windows([7, 8, 9], 2) == [(7, 8), (8, 9)]',
    'assert sliding_windows([1, 2], 0) == []',
    "assert sliding_windows('xyz', 5) == []",
    'assert sliding_windows([4], 1) == [(4,)]',
    'assert sliding_windows([3, 1], -1) == []',
    'assert sliding_windows((1, 2, 3), 3) == [(1, 2, 3)]',
    "assert sliding_windows('ab', 1) == [('a',), ('b',)]",
  ],
  digital_root: [
    'assert digital_root(-10) == 1',
    'assert digital_root(47) == 2',
    'assert digital_root(5) == 5',
    'assert digital_root(12345) == 6',
  ],
  snake_to_camel: [
    "assert snake_to_camel('my_var_name') == 'myVarName'",
    "assert snake_to_camel('__') == ''",
    "assert snake_to_camel('my_var', pascal=True) == 'MyVar'",
  ],
};
const QUERIES = ['q_0002', 'q_0012', 'q_0056', 'q_0082'];

/** The function name the prompt asks tests for (`Signature:\ndef name(`). */
function promptedName(user: string): string {
  return /Signature:\n(?:async )?def (\w+)\(/.exec(user)?.[1] ?? '';
}

const good: ChatScript = (body) => {
  const name = promptedName(userMessage(body));
  return { content: JSON.stringify({ tests: GOOD[name] ?? [] }), usage: { promptTokens: 400, completionTokens: 120 } };
};

let oracle: Oracle;
let chat: FakeOpenAI;
let tasks: MiniTask[];
beforeAll(async () => {
  oracle = await createOracle();
  chat = await startFakeOpenAI(good);
  tasks = await Promise.all(QUERIES.map((q) => miniTaskById(q)));
});
afterAll(async () => {
  await oracle.close();
  await chat.close();
});
beforeEach(() => {
  chat.setScript(good);
});

const options = (extra: ExecRerankerOptions = {}): ExecRerankerOptions => ({
  oracle,
  baseURL: chat.baseURL,
  apiKey: 'sk-test-secret',
  baseDelayMs: 1,
  maxDelayMs: 5,
  ...extra,
});
const ID = 'exec/tests@openai-compatible/fake-coder';

describe('exec/tests@… against a fake chat server', () => {
  it('promotes the canonical from last to first when the model writes correct tests', async () => {
    const r = createExecReranker(ID, options({ price: { inputUsdPerMillion: 1, outputUsdPerMillion: 10 } }));
    for (const t of tasks) {
      const { hits, audit, cost } = await r.rerankDetailed(t.query, t.candidates);
      expect(hits[0]?.index).toBe(t.canonical);
      expect(hits[0]?.rawScore).toBe(GOOD[t.functionName]?.length);
      expect(audit.tests?.tests.every((x) => x.kept)).toBe(true);
      expect(audit.tests?.prompted.name).toBe(t.functionName);
      expect(cost.chatCalls).toBe(1);
      expect(cost.executions + cost.cachedExecutions).toBe(5);
      expect(cost.costUsd).toBeCloseTo((400 * 1 + 120 * 10) / 1e6, 12);
    }
    expect(r.usage()).toMatchObject({ calls: 4, requests: 4, retries: 0, inputTokens: 1600, outputTokens: 480 });
    const sent = chat.chatBodies.at(-1)!;
    expect(sent.model).toBe('fake-coder');
    expect(sent).not.toHaveProperty('temperature');
  });

  it('ranks by pass fraction when asked and keeps ties in first-stage order', async () => {
    const t = tasks[0] as MiniTask;
    const r = createExecReranker(ID, options({ scoring: 'pass-fraction' }));
    const { hits, audit } = await r.rerankDetailed(t.query, t.candidates);
    expect(hits[0]).toMatchObject({ index: t.canonical, score: 1, rawScore: 5 });
    expect(audit.tests?.scoring).toBe('pass-fraction');
    for (let i = 1; i < hits.length; i++) {
      const [a, b] = [hits[i - 1]!, hits[i]!];
      expect(a.score > b.score || (a.score === b.score && a.index < b.index)).toBe(true);
    }
  });

  it('keeps first-stage order and executes nothing when the reply is malformed', async () => {
    chat.setScript(() => ({ content: 'Sure! Here are some great tests for you: first, check zero; then…' }));
    const t = tasks[0] as MiniTask;
    const r = createExecReranker(ID, options());
    const { hits, audit, cost } = await r.rerankDetailed(t.query, t.candidates);
    expect(hits.map((h) => h.index)).toEqual([0, 1, 2, 3, 4]);
    expect(audit.tests?.tests).toEqual([]);
    expect(cost.executions + cost.cachedExecutions).toBe(0);
  });

  it('discards and counts tests that are not asserts, never call the function or repeat', async () => {
    chat.setScript(() => ({
      content: JSON.stringify({
        tests: [
          'assert True',
          'assert other_function(1) == 1',
          'print(next_power_of_two(5))',
          'x = next_power_of_two(5)',
          '',
          'assert next_power_of_two(5) == 8',
          'assert next_power_of_two(5) == 8',
        ],
      }),
    }));
    const t = tasks[0] as MiniTask;
    const { audit } = await createExecReranker(ID, options()).rerankDetailed(t.query, t.candidates);
    expect(audit.tests?.discarded).toEqual({ empty: 1, 'not-an-assert': 2, 'no-call': 2, duplicate: 1, crashes: 0 });
    expect(audit.tests?.tests.filter((x) => x.kept).map((x) => x.source)).toEqual(['assert next_power_of_two(5) == 8']);
  });

  it('discards tests that crash on most of the group and keeps the order when every candidate passes', async () => {
    chat.setScript(() => ({
      content: JSON.stringify({
        tests: [
          'assert helper_that_does_not_exist(2) == next_power_of_two(2)',
          'assert next_power_of_two(2) >= 2',
          'assert isinstance(next_power_of_two(4), int)',
        ],
      }),
    }));
    const t = tasks[0] as MiniTask;
    const { hits, audit } = await createExecReranker(ID, options()).rerankDetailed(t.query, t.candidates);
    expect(audit.tests?.discarded.crashes).toBe(1);
    expect(audit.tests?.tests[0]).toMatchObject({ kept: false, issue: 'crashes' });
    expect(audit.tests?.passed.every((row) => row.join() === '1,1')).toBe(true);
    expect(hits.map((h) => h.index)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(hits.map((h) => h.score)).size).toBe(1);
  });

  it('records a refusal and keeps first-stage order', async () => {
    chat.setScript(() => ({ content: null, refusal: 'I can’t help with that.' }));
    const t = tasks[0] as MiniTask;
    const { hits, audit, cost } = await createExecReranker(ID, options()).rerankDetailed(t.query, t.candidates);
    expect(audit.chat?.refusal).toBe('I can’t help with that.');
    expect(hits.map((h) => h.index)).toEqual([0, 1, 2, 3, 4]);
    expect(cost.executions + cost.cachedExecutions).toBe(0);
  });

  it('retries a 429 and a 503 and counts the requests', async () => {
    chat.setScript((body, context) =>
      context.count % 3 === 1
        ? { status: 429, headers: { 'retry-after': '0' } }
        : context.count % 3 === 2
          ? { status: 503 }
          : good(body, context),
    );
    const start = chat.chatBodies.length;
    const t = tasks[0] as MiniTask;
    const r = createExecReranker(ID, options());
    chat.setScript((body, context) => {
      const k = context.count - start;
      if (k === 1) return { status: 429, headers: { 'retry-after': '0' } };
      if (k === 2) return { status: 503 };
      return good(body, context);
    });
    const { hits, cost } = await r.rerankDetailed(t.query, t.candidates);
    expect(hits[0]?.index).toBe(t.canonical);
    expect(cost.chatRequests).toBe(3);
    expect(cost.chatCalls).toBe(1);
    expect(r.usage().retries).toBe(2);
  });

  it('rejects with chat-request and the status when the server keeps failing', async () => {
    chat.setScript(() => ({ status: 500 }));
    const t = tasks[0] as MiniTask;
    const r = createExecReranker(ID, options({ maxRetries: 1 }));
    const error = await r.rerank(t.query, t.candidates).catch((e: unknown) => e);
    expect(ExecRerankError.is(error)).toBe(true);
    expect(error).toMatchObject({ code: 'chat-request' });
    expect(httpFailure(error)?.status).toBe(500);
    expect(String((error as Error).message)).not.toContain('sk-test-secret');
  });

  it('calls each candidate through its own function name', async () => {
    const t = tasks[0] as MiniTask;
    const renamed = (t.candidates[t.canonical] as string).replace('def next_power_of_two(', 'def smallest_power(');
    const candidates = [...t.candidates.slice(0, t.canonical), renamed];
    const { hits, audit } = await createExecReranker(ID, options()).rerankDetailed(t.query, candidates);
    expect(hits[0]?.index).toBe(t.canonical);
    expect(audit.candidates[t.canonical]).toMatchObject({ functionName: 'smallest_power', inGroup: false });
  });

  it('rejects with chat-unavailable when no key is given and nothing is cached', async () => {
    const t = tasks[0] as MiniTask;
    const r = createExecReranker(ID, { oracle, baseURL: chat.baseURL });
    await expect(r.rerank(t.query, t.candidates)).rejects.toMatchObject({ code: 'chat-unavailable' });
  });
});
