import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executionCacheRecord } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import {
  chatArtifactKey,
  formatArtifactLine,
  inputsArtifactKey,
  openArtifactCache,
  parseArtifactCache,
} from './artifact-cache.js';
import type { ArtifactRecord } from './artifact-record.js';
import { ExecRerankError } from './errors.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const chat: ArtifactRecord = {
  kind: 'chat',
  key: chatArtifactKey('m', 'p'),
  model: 'm',
  promptSha256: 'p',
  purpose: 'tests',
  messages: [{ role: 'user', content: 'hi' }],
  reply: {
    content: '{"tests": []}',
    refusal: null,
    finishReason: 'stop',
    promptTokens: 3,
    completionTokens: 4,
    responseModel: 'm-1',
  },
};
const execution: ArtifactRecord = {
  kind: 'execution',
  key: `${A}:${B}`,
  execution: { ...executionCacheRecord(A, B, ['pass', 'FAIL: R:1']), durationMs: 2 },
};
const inputs: ArtifactRecord = {
  kind: 'inputs',
  key: inputsArtifactKey('type-probe/1', 1, 2, [A]),
  generator: 'type-probe/1',
  seed: 1,
  count: 2,
  snippets: [A],
  calls: [{ positional: [{ kind: 'int', value: 1 }], keyword: [] }],
};

describe('formatArtifactLine', () => {
  it('writes one compact JSON line with the version first', () => {
    const line = formatArtifactLine(inputs);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.startsWith('{"v":1,"kind":"inputs","key":')).toBe(true);
  });

  it('nests an execution as the strict execution-cache line', () => {
    expect(JSON.parse(formatArtifactLine(execution)).execution).toEqual({
      code_sha256: A,
      tests_sha256: B,
      test_results: ['pass', 'FAIL: R:1'],
      passes_all_tests: false,
      status: 'fail',
      duration_ms: 2,
    });
  });

  it('throws TypeError when the execution contradicts its outcomes', () => {
    const bad = { ...execution, execution: { ...executionCacheRecord(A, B, ['pass']), status: 'fail' as const } };
    expect(() => formatArtifactLine(bad)).toThrow(TypeError);
  });
});

describe('parseArtifactCache', () => {
  it('reads back what was written when every kind is present', () => {
    const text = [chat, execution, inputs].map(formatArtifactLine).join('');
    expect(parseArtifactCache(text)).toEqual({ records: [chat, execution, inputs], issues: [], lines: 3 });
  });

  it('ignores a torn last line and reports unusable lines', () => {
    const text = `${formatArtifactLine(inputs)}not json\n{"v":2,"kind":"inputs","key":"k"}\n{"v":1,"kind":"other","key":"k"}\n${formatArtifactLine(chat).slice(0, 20)}`;
    const r = parseArtifactCache(text);
    expect(r.records).toEqual([inputs]);
    expect(r.issues.map((i) => [i.line, i.kind])).toEqual([
      [5, 'torn-line'],
      [2, 'invalid-json'],
      [3, 'invalid-record'],
      [4, 'invalid-record'],
    ]);
  });
});

describe('openArtifactCache', () => {
  it('appends, reopens and terminates a torn line when a writer was killed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'exec-rerank-cache-'));
    const file = join(dir, 'sub', 'artifacts.jsonl');
    const cache = await openArtifactCache(file);
    cache.put(chat);
    cache.put(execution);
    cache.close();
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"v":1,"kind":"chat","ke`);
    const again = await openArtifactCache(file);
    expect(again.issues.map((i) => i.kind)).toEqual(['torn-line']);
    expect(again.chat(chat.key)).toEqual(chat);
    expect(again.execution(A, B)?.execution.testResults).toEqual(['pass', 'FAIL: R:1']);
    again.put(inputs);
    again.close();
    const third = await openArtifactCache(file);
    expect(third.issues.map((i) => i.kind)).toEqual(['invalid-json']);
    expect(third.inputs(inputs.key)).toEqual(inputs);
    expect(third.size).toBe(3);
    third.close();
  });

  it('throws cache-io when put is called after close', async () => {
    const cache = await openArtifactCache(join(mkdtempSync(join(tmpdir(), 'exec-rerank-cache-')), 'a.jsonl'));
    cache.close();
    expect(() => cache.put(inputs)).toThrow(ExecRerankError);
  });

  it('rejects with cache-io when the path is a directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'exec-rerank-cache-'));
    await expect(openArtifactCache(dir)).rejects.toMatchObject({ code: 'cache-io' });
  });
});
