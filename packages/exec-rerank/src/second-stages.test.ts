import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executionCacheRecord } from '@execret/formats';
import { afterAll, describe, expect, it } from 'vitest';
import { chatArtifactKey, formatArtifactLine, inputsArtifactKey, openArtifactCache } from './artifact-cache.js';
import type { ArtifactRecord } from './artifact-record.js';
import { ExecRerankError } from './errors.js';
import {
  executesCandidates,
  openSecondStages,
  runsModelWrittenCode,
  secondStageIdIssue,
  secondStageIds,
} from './second-stages.js';
import { trackArtifactCache } from './tracked-artifact-cache.js';

const root = mkdtempSync(join(tmpdir(), 'execret-second-stages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files = (name: string) => ({
  scoreCacheFile: join(root, name, 'scores.jsonl'),
  artifactCacheFile: join(root, name, 'exec-artifacts.jsonl'),
});

describe('secondStageIdIssue', () => {
  it.each([
    ['cohere/rerank-v3.5', undefined],
    ['local/bge-reranker-base', undefined],
    ['exec/consensus', undefined],
    ['exec/random-clone', undefined],
    ['exec/tests@openai/gpt-5-mini', undefined],
    ['exec/probe@openai-compatible/Qwen/Qwen3-32B', undefined],
    ['cohere/rerank-v9', 'unknown'],
    ['exec/tests@anthropic/claude', 'unknown'],
    ['exec/tests@openai/', 'unknown'],
  ] as const)('judges %s as %s', (id, issue) => {
    expect(secondStageIdIssue(id)).toBe(issue);
  });

  it('lists the registry ids and the execution reranker patterns when asked for every id', () => {
    expect(secondStageIds()).toContain('cohere/rerank-v3.5');
    expect(secondStageIds()).toContain('exec/consensus');
  });
});

describe('executesCandidates', () => {
  it('is true for every execution reranker but exec/random-clone', () => {
    expect(
      ['exec/consensus', 'exec/random-clone', 'exec/probe@openai/x', 'cohere/rerank-v3.5'].map(executesCandidates),
    ).toEqual([true, false, true, false]);
  });
});

// Moved from the CLI's sandbox tests.
describe('runsModelWrittenCode', () => {
  it.each([
    ['exec/tests@openai/gpt-5-mini', true],
    ['exec/probe@openai-compatible/qwen', true],
    ['exec/consensus', false],
    ['exec/random-clone', false],
    ['cohere/rerank-v3.5', false],
  ] as const)('%s → %s', (id, expected) => {
    expect(runsModelWrittenCode(id)).toBe(expected);
  });
});

describe('openSecondStages', () => {
  it('refuses an unknown id before opening any cache', async () => {
    const error = await openSecondStages(['exec/random-clone', 'nope/x'], files('unknown')).catch((e: unknown) => e);
    expect(ExecRerankError.is(error) && error.code).toBe('unknown-reranker');
    expect((error as Error).message).toMatch(/unknown reranker "nope\/x"; known: .*exec\/consensus/);
    expect(existsSync(join(root, 'unknown'))).toBe(false);
  });

  it('refuses an executing reranker when no oracle is given, and opens exec/random-clone without one', async () => {
    const error = await openSecondStages(['exec/consensus'], files('no-oracle')).catch((e: unknown) => e);
    expect(ExecRerankError.is(error) && error.code).toBe('oracle-missing');
    const opened = await openSecondStages(['exec/random-clone'], files('random'));
    try {
      expect(opened.stages.map((s) => [s.info.id, s.kind])).toEqual([['exec/random-clone', 'artifacts']]);
      expect(opened.artifactLines()).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('hands each execution reranker the options its id gets', async () => {
    const asked: string[] = [];
    const opened = await openSecondStages(['exec/random-clone', 'exec/tests@openai/gpt-5-mini'], {
      ...files('options'),
      oracle: { runMany: async () => [] },
      execOptions: (id) => {
        asked.push(id);
        return { seed: 7 };
      },
    });
    try {
      expect(asked).toEqual(['exec/random-clone', 'exec/tests@openai/gpt-5-mini']);
      expect(opened.stages[0]!.info.params.seed).toBe(7);
    } finally {
      await opened.close();
    }
  });
});

describe('trackArtifactCache', () => {
  const A = 'a'.repeat(64);
  const B = 'b'.repeat(64);
  const records: ArtifactRecord[] = [
    { kind: 'execution', key: `${A}:${B}`, execution: executionCacheRecord(A, B, ['pass']) },
    {
      kind: 'inputs',
      key: inputsArtifactKey('type-probe/1', 1, 1, [A]),
      generator: 'type-probe/1',
      seed: 1,
      count: 1,
      snippets: [A],
      calls: [],
    },
    {
      kind: 'chat',
      key: chatArtifactKey('m', 'p'),
      model: 'm',
      promptSha256: 'p',
      purpose: 'tests',
      messages: [{ role: 'user', content: 'hi' }],
      reply: {
        content: '',
        refusal: null,
        finishReason: 'stop',
        promptTokens: 1,
        completionTokens: 1,
        responseModel: null,
      },
    },
  ];

  it('copies what went through it as lines, chat replies first, then inputs, then executions', async () => {
    const inner = await openArtifactCache(join(root, 'tracked', 'exec-artifacts.jsonl'));
    const tracked = trackArtifactCache(inner);
    try {
      for (const record of records) tracked.cache.put(record);
      expect(tracked.lines()).toEqual([records[2]!, records[1]!, records[0]!].map(formatArtifactLine));
      const other = trackArtifactCache(inner);
      expect(other.lines()).toEqual([]);
      other.cache.chat(records[2]!.key);
      expect(other.lines()).toEqual([formatArtifactLine(records[2]!)]);
    } finally {
      tracked.cache.close();
    }
  });
});
