import { describe, expect, it } from 'vitest';
import { addExecRerankCost, emptyExecRerankCost } from './cost-meter.js';
import { createExecReranker, EXEC_RERANKER_IDS } from './create-exec-reranker.js';
import { ExecRerankError } from './errors.js';
import type { ExecOracle } from './types.js';

const unused: ExecOracle = { runMany: () => Promise.reject(new Error('not expected to run')) };

describe('createExecReranker', () => {
  it.each(['exec/nope', 'exec/tests@cohere/command', 'exec/tests@', 'cohere/rerank-v3.5', 'exec/probe'])(
    'throws unknown-reranker for %j',
    (id) => {
      expect(() => createExecReranker(id, { oracle: unused })).toThrow(
        expect.objectContaining({ code: 'unknown-reranker' }),
      );
    },
  );

  it.each(['exec/consensus', 'exec/tests@openai/gpt-5-mini', 'exec/probe@openai-compatible/Qwen/Qwen3-32B'])(
    'throws oracle-missing for %s without an oracle',
    (id) => {
      const error = (() => {
        try {
          createExecReranker(id);
        } catch (e) {
          return e;
        }
      })();
      expect(ExecRerankError.is(error)).toBe(true);
      expect(error).toMatchObject({ code: 'oracle-missing' });
    },
  );

  it('describes each reranker with provider exec, its method and a stable hash', () => {
    const a = createExecReranker('exec/tests@openai-compatible/Qwen/Qwen3-32B', { oracle: unused });
    expect(a.info).toMatchObject({
      id: 'exec/tests@openai-compatible/Qwen/Qwen3-32B',
      provider: 'exec',
      method: 'exec-tests',
      model: 'Qwen/Qwen3-32B',
      params: { chatProvider: 'openai-compatible', testCount: 10, scoring: 'dual-agreement' },
    });
    expect(a.info.configHash).toMatch(/^[0-9a-f]{64}$/);
    const b = createExecReranker('exec/tests@openai-compatible/Qwen/Qwen3-32B', { oracle: unused, apiKey: 'k' });
    expect(b.info.configHash).toBe(a.info.configHash);
    const c = createExecReranker('exec/tests@openai-compatible/Qwen/Qwen3-32B', { oracle: unused, testCount: 5 });
    expect(c.info.configHash).not.toBe(a.info.configHash);
    expect(createExecReranker('exec/consensus', { oracle: unused }).info.method).toBe('exec-consensus');
    expect(createExecReranker('exec/probe@openai/gpt-5-mini', { oracle: unused }).info.method).toBe('exec-probe');
    expect(EXEC_RERANKER_IDS).toContain('exec/random-clone');
  });

  it.each([
    ['exec/consensus', { probeCount: 0 }],
    ['exec/consensus', { probeSteps: 1.5 }],
    ['exec/consensus', { probeTimeoutMs: -1 }],
    ['exec/tests@openai/m', { testCount: 0 }],
    ['exec/tests@openai/m', { maxCrashFraction: 2 }],
    ['exec/tests@openai/m', { scoring: 'best' as never }],
    ['exec/probe@openai/m', { maxQuestions: 0 }],
  ])('throws RangeError for %s with %j', (id, extra) => {
    expect(() => createExecReranker(id, { oracle: unused, ...extra })).toThrow(RangeError);
  });

  it('validates arguments and refuses calls after close', async () => {
    const r = createExecReranker('exec/random-clone');
    await expect(r.rerank(3 as never, [])).rejects.toThrow(TypeError);
    await expect(r.rerank('q', ['a', 2 as never])).rejects.toThrow(TypeError);
    await expect(r.rerank('q', ['def f(x):\n    return x\n'], { topN: 0 })).rejects.toThrow(RangeError);
    expect(await r.rerank('q', [])).toEqual([]);
    await r.close();
    await expect(r.rerank('q', [])).rejects.toThrow(TypeError);
  });

  it('applies topN after ranking every candidate', async () => {
    const r = createExecReranker('exec/random-clone');
    const code = (n: number) => `def f(x):\n    return x + ${n}\n`;
    const { hits, audit } = await r.rerankDetailed('q', [code(1), code(2), code(3)], { topN: 1 });
    expect(hits).toHaveLength(1);
    expect(audit.hits).toHaveLength(3);
    expect(hits[0]).toEqual(audit.hits[0]);
    expect(r.usage()).toMatchObject({ calls: 1, documents: 3, requests: 0, costUsd: null });
  });
});

describe('addExecRerankCost', () => {
  it('sums every field and keeps costUsd null only when both are null', () => {
    const a = { ...emptyExecRerankCost(false), executions: 2, seconds: 1.5 };
    const b = { ...emptyExecRerankCost(true), executions: 3, costUsd: 0.25, chatRequests: 2 };
    expect(addExecRerankCost(a, b)).toMatchObject({ executions: 5, seconds: 1.5, costUsd: 0.25, chatRequests: 2 });
    expect(addExecRerankCost(a, a).costUsd).toBeNull();
  });
});
