import { createOracle, type Oracle, type OracleJob } from '@execret/oracle';
import { type FakeOpenAI, startFakeOpenAI, userMessage } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecReranker } from '../src/create-exec-reranker.js';
import type { ExecOracle } from '../src/types.js';
import { type MiniTask, mini, miniTask } from './helpers/mini.js';

let oracle: Oracle;
let chat: FakeOpenAI;
let tasks: MiniTask[];
let suites: string[];
const jobs: OracleJob[] = [];
/** The real oracle, recording every job it is given. */
let recording: ExecOracle;

beforeAll(async () => {
  oracle = await createOracle();
  recording = {
    runMany: (batch, options) => {
      jobs.push(...batch);
      return oracle.runMany(batch, options);
    },
  };
  // a model that writes a plausible test for whatever function it is asked about, and answers every probe with 0
  chat = await startFakeOpenAI((body) => {
    const user = userMessage(body);
    const name = /Signature:\n(?:async )?def (\w+)\(/.exec(user)?.[1] ?? 'f';
    if (user.includes('Calls:')) {
      const ids = [...user.matchAll(/^(\d+)\. /gm)].map((m) => ({ id: Number(m[1]), returns: '0' }));
      return { content: JSON.stringify({ answers: ids }) };
    }
    return { content: JSON.stringify({ tests: [`assert ${name}(1) is not None`, `assert ${name}(0) == ${name}(0)`] }) };
  });
  const b = await mini();
  tasks = [0, 11, 55, 81].map((q) => miniTask(b, q));
  suites = b.testSuites.flat();
});
afterAll(async () => {
  await oracle.close();
  await chat.close();
});

describe('execution rerankers and the benchmark’s tests', () => {
  it('never put a benchmark test into a prompt, a generated test or a job', async () => {
    const options = { oracle: recording, baseURL: chat.baseURL, apiKey: 'none', probeCount: 48 };
    const ids = [
      'exec/consensus',
      'exec/random-clone',
      'exec/tests@openai-compatible/fake',
      'exec/probe@openai-compatible/fake',
    ];
    for (const id of ids) {
      const r = createExecReranker(id, options);
      for (const t of tasks) await r.rerank(t.query, t.candidates);
    }
    expect(jobs.length).toBeGreaterThan(0);
    expect(chat.chatBodies.length).toBeGreaterThan(0);
    const received = [...chat.requests.map((r) => r.raw), ...jobs.flatMap((j) => [...j.tests])];
    expect(suites.length).toBeGreaterThan(800);
    const leaks = suites.filter((test) => received.some((text) => text.includes(test)));
    expect(leaks).toEqual([]);
    // the check itself finds a planted test
    const planted = [...received, `prompt … ${suites[17]} …`];
    expect(suites.filter((test) => planted.some((text) => text.includes(test)))).toContain(suites[17]);
    // what the model saw: the query text and one signature, never a candidate body
    for (const body of chat.chatBodies) {
      const user = userMessage(body);
      for (const t of tasks) for (const c of t.candidates) expect(user.includes(c.trim())).toBe(false);
    }
    // every job's code is a candidate (plus the probe helper), never anything else
    const candidates = tasks.flatMap((t) => t.candidates);
    for (const j of jobs) expect(candidates.some((c) => j.code.startsWith(c))).toBe(true);
  });
});
