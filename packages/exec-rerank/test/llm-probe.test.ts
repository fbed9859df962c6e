import { createOracle, type Oracle } from '@execret/oracle';
import { type ChatScript, type FakeOpenAI, startFakeOpenAI, userMessage } from '@execret/test-kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExecReranker } from '../src/create-exec-reranker.js';
import type { ExecRerankerOptions } from '../src/types.js';

const CANONICAL = 'def double(n):\n    return n * 2\n';
const CLONES = [
  'def double(n):\n    return n * 3\n',
  'def double(n):\n    return n + 2\n',
  'def double(n):\n    if n > 1:\n        return n * 2\n    return 0\n',
];
const QUERY = 'Return twice the given integer.';

/** Answers each numbered call `k. double(<int>)` with twice the integer, in the reply format asked for. */
const answering: ChatScript = (body) => {
  const answers = [...userMessage(body).matchAll(/^(\d+)\. double\((-?\d+)\)$/gm)].map((m) => ({
    id: Number(m[1]),
    returns: String(2 * Number(m[2])),
  }));
  return { content: `Here you go:\n\`\`\`json\n${JSON.stringify({ answers })}\n\`\`\`` };
};

let oracle: Oracle;
let chat: FakeOpenAI;
beforeAll(async () => {
  oracle = await createOracle();
  chat = await startFakeOpenAI(answering);
});
afterAll(async () => {
  await oracle.close();
  await chat.close();
});
beforeEach(() => chat.setScript(answering));

const options = (extra: ExecRerankerOptions = {}): ExecRerankerOptions => ({
  oracle,
  baseURL: chat.baseURL,
  apiKey: 'none',
  probeCount: 64,
  baseDelayMs: 1,
  ...extra,
});
const ID = 'exec/probe@openai-compatible/fake-oracle-model';

describe('exec/probe@… against a fake chat server', () => {
  it('asks only about disagreeing inputs and promotes the candidate that agrees with the answers', async () => {
    const r = createExecReranker(ID, options({ maxQuestions: 6 }));
    const candidates = [...CLONES, CANONICAL];
    const { hits, audit, cost } = await r.rerankDetailed(QUERY, candidates);
    expect(hits[0]?.index).toBe(3);
    const asked = audit.questions?.asked ?? [];
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThanOrEqual(6);
    const outputs = audit.inputs?.outputs ?? [];
    for (const i of asked) expect(new Set(outputs.map((row) => row?.[i])).size).toBeGreaterThan(1);
    const user = userMessage(chat.chatBodies.at(-1)!);
    expect(user).toContain(QUERY);
    expect(user).toContain('def double(n)');
    expect(user).not.toContain('n * 3');
    expect(user.match(/^\d+\. /gm)).toHaveLength(asked.length);
    expect(cost.chatCalls).toBe(1);
  });

  it('keeps first-stage order when the reply answers nothing usable', async () => {
    chat.setScript(() => ({ content: '{"answers": [{"id": 1, "returns": "no idea"}]}' }));
    const r = createExecReranker(ID, options());
    const { hits, audit } = await r.rerankDetailed(QUERY, [...CLONES, CANONICAL]);
    expect(hits.map((h) => h.index)).toEqual([0, 1, 2, 3]);
    expect(audit.questions?.rejected).toBe(1);
  });

  it('asks nothing when the group agrees everywhere', async () => {
    const before = chat.chatBodies.length;
    const r = createExecReranker(ID, options());
    const { hits, audit } = await r.rerankDetailed(QUERY, [CANONICAL, `${CANONICAL}# same\n`]);
    expect(chat.chatBodies.length).toBe(before);
    expect(audit.chat).toBeUndefined();
    expect(hits.map((h) => h.index)).toEqual([0, 1]);
  });
});
