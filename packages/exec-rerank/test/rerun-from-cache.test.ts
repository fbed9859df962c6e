import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOracle, type Oracle } from '@execret/oracle';
import { type FakeOpenAI, startFakeOpenAI } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openArtifactCache, parseArtifactCache } from '../src/artifact-cache.js';
import { formatAuditLine } from '../src/audit-line.js';
import { createExecReranker } from '../src/create-exec-reranker.js';
import type { ExecOracle } from '../src/types.js';
import { type MiniTask, miniTaskById } from './helpers/mini.js';

let oracle: Oracle;
let chat: FakeOpenAI;
let task: MiniTask;
beforeAll(async () => {
  oracle = await createOracle();
  chat = await startFakeOpenAI(() => ({
    content: JSON.stringify({
      tests: [
        'assert next_power_of_two(5) == 8',
        'assert next_power_of_two(-3) == 1',
        'assert next_power_of_two(64) == 64',
      ],
    }),
  }));
  task = await miniTaskById('q_0002');
});
afterAll(async () => {
  await oracle.close();
  await chat.close();
});

/** An oracle that must not be used. */
const forbidden: ExecOracle = {
  runMany: () => Promise.reject(new Error('the rerun executed something')),
};

describe('a rerun from the artifact cache', () => {
  it('reproduces every decision without a model and without executing', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'exec-rerank-rerun-')), 'artifacts.jsonl');
    const ids = ['exec/tests@openai-compatible/fake', 'exec/consensus', 'exec/probe@openai-compatible/fake'];
    const first = await openArtifactCache(file);
    const original = [];
    for (const id of ids) {
      const r = createExecReranker(id, { oracle, cache: first, baseURL: chat.baseURL, apiKey: 'none', probeCount: 48 });
      original.push(await r.rerankDetailed(task.query, task.candidates));
    }
    first.close();
    const requests = chat.chatBodies.length;

    const again = await openArtifactCache(file);
    expect(again.issues).toEqual([]);
    for (const [k, id] of ids.entries()) {
      const r = createExecReranker(id, { oracle: forbidden, cache: again, probeCount: 48 });
      const rerun = await r.rerankDetailed(task.query, task.candidates);
      const before = original[k]!;
      expect(rerun.hits).toEqual(before.hits);
      expect({ ...rerun.audit, cost: null, chat: rerun.audit.chat && { ...rerun.audit.chat, cached: true } }).toEqual({
        ...before.audit,
        cost: null,
        chat: before.audit.chat && { ...before.audit.chat, cached: true },
      });
      expect(rerun.cost.executions).toBe(0);
      expect(rerun.cost.chatCalls).toBe(0);
      expect(rerun.cost.cachedExecutions).toBe(before.cost.executions + before.cost.cachedExecutions);
    }
    expect(chat.chatBodies.length).toBe(requests);
    again.close();

    const kinds = parseArtifactCache(readFileSync(file, 'utf8')).records.map((r) => r.kind);
    expect(kinds).toContain('chat');
    expect(kinds).toContain('inputs');
    expect(kinds).toContain('execution');
    const line = JSON.parse(formatAuditLine('q_0002', original[0]!.audit));
    expect(line.query_id).toBe('q_0002');
    expect(line.tests.tests).toHaveLength(3);
  });
});
