import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Oracle } from '@execret/oracle';
import { describeReranker } from '@execret/rerankers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from './command.js';
import { UsageError } from './command.js';
import { readConfig } from './config.js';
import { checkSecondStageIds, rerankPlan } from './rerank-options.js';

// Creating execution rerankers does no IO; nothing here runs the oracle.
const ORACLE = { runMany: async () => [] } as unknown as Oracle;

describe('rerankPlan', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-plan-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const context = (values: CommandContext['values']): CommandContext =>
    ({
      values: { 'rerank-depth': '10', ...values },
      positionals: [],
      config: readConfig({ EXECRET_CACHE_DIR: root }),
      io: undefined as never,
      signal: new AbortController().signal,
    }) as CommandContext;
  const ids = (plan: Awaited<ReturnType<typeof rerankPlan>>) => plan?.secondStages.stages.map((s) => s.info.id);

  it('adds exec/consensus and exec/random-clone over bm25 when the run is a default one', async () => {
    const plan = await rerankPlan(context({}), { defaultRun: true, oracle: ORACLE });
    try {
      expect(ids(plan)).toEqual(['exec/consensus', 'exec/random-clone']);
      expect(plan?.firstStageIds).toEqual(['bm25']);
      expect(plan?.depth).toBe(10);
    } finally {
      await plan?.secondStages.close();
    }
  });

  it('keeps only the baseline that executes nothing when a default run has no oracle (--no-execute)', async () => {
    const plan = await rerankPlan(context({}), { defaultRun: true, oracle: undefined });
    try {
      expect(ids(plan)).toEqual(['exec/random-clone']);
    } finally {
      await plan?.secondStages.close();
    }
  });

  it('leaves the execution rerankers out of a default run on JavaScript queries, with a warning, and refuses them when asked', async () => {
    const warnings: string[] = [];
    const withIo = { ...context({}), io: { warn: (line: string) => warnings.push(line) } } as unknown as CommandContext;
    const languages = ['javascript', 'javascript'];
    expect(await rerankPlan(withIo, { defaultRun: true, oracle: ORACLE, languages })).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/exec\/consensus, exec\/random-clone: .*Python snippets only.*javascript/);
    await expect(
      rerankPlan(context({ rerank: ['exec/consensus'] }), { defaultRun: false, oracle: ORACLE, languages }),
    ).rejects.toThrow(UsageError);
    const python = await rerankPlan(context({}), { defaultRun: true, oracle: ORACLE, languages: ['python'] });
    try {
      expect(ids(python)).toEqual(['exec/consensus', 'exec/random-clone']);
    } finally {
      await python?.secondStages.close();
    }
  });

  it('adds nothing when models are chosen or --rerank none is given', async () => {
    expect(await rerankPlan(context({}), { defaultRun: false, oracle: ORACLE })).toBeUndefined();
    expect(await rerankPlan(context({ rerank: ['none'] }), { defaultRun: true, oracle: ORACLE })).toBeUndefined();
  });

  it('reranks every first stage with the ids given, once each, at the depth given', async () => {
    const plan = await rerankPlan(context({ rerank: ['exec/random-clone,exec/random-clone'], 'rerank-depth': '3' }), {
      defaultRun: true,
      oracle: ORACLE,
    });
    try {
      expect(ids(plan)).toEqual(['exec/random-clone']);
      expect(plan?.firstStageIds).toBeUndefined();
      expect(plan?.depth).toBe(3);
    } finally {
      await plan?.secondStages.close();
    }
  });

  it('throws a UsageError for a depth below 1, half a price, or none with other ids', async () => {
    await expect(rerankPlan(context({ 'rerank-depth': '0' }), { defaultRun: true, oracle: ORACLE })).rejects.toThrow(
      UsageError,
    );
    await expect(
      rerankPlan(context({ rerank: ['exec/random-clone'], 'rerank-price-in': '1' }), {
        defaultRun: false,
        oracle: ORACLE,
      }),
    ).rejects.toThrow(/go together/);
    await expect(
      rerankPlan(context({ rerank: ['none', 'exec/random-clone'] }), { defaultRun: false, oracle: ORACLE }),
    ).rejects.toThrow(/none cannot be combined/);
  });
});

describe('checkSecondStageIds', () => {
  it('accepts registry ids and every execution reranker pattern when they are known', () => {
    expect(() =>
      checkSecondStageIds([
        'cohere/rerank-v3.5',
        'local/bge-reranker-base',
        'exec/consensus',
        'exec/random-clone',
        'exec/tests@openai/gpt-5-mini',
        'exec/probe@openai-compatible/Qwen/Qwen3-32B',
      ]),
    ).not.toThrow();
  });

  it('throws a UsageError listing the known ids when an id is unknown', () => {
    expect(() => checkSecondStageIds(['cohere/rerank-v9'])).toThrow(UsageError);
    expect(() => checkSecondStageIds(['exec/tests@anthropic/claude'])).toThrow(/known: .*exec\/consensus/);
  });
});

describe('rerankPlan: the ids given', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-stages-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const warnings: string[] = [];
  const context = (rerank: string[], env: Record<string, string> = {}): CommandContext =>
    ({
      values: { rerank, 'rerank-depth': '10' },
      positionals: [],
      config: readConfig({ EXECRET_CACHE_DIR: root, ...env }),
      io: { warn: (line: string) => warnings.push(line) },
      signal: new AbortController().signal,
    }) as unknown as CommandContext;
  /** `--rerank` ids given (not a default run) with the stub oracle: the oracle is always named, never defaulted. */
  const asked = (rerank: string[], env: Record<string, string>, oracle: Oracle | undefined) =>
    rerankPlan(context(rerank, env), { defaultRun: false, oracle });

  it('refuses a hosted reranker without its key and a self-hosted one without its base URL', async () => {
    await expect(asked(['jina/jina-reranker-v2-base-multilingual'], {}, ORACLE)).rejects.toThrow(/set JINA_API_KEY/);
    await expect(asked(['tei/bge-reranker-base'], {}, ORACLE)).rejects.toThrow(/EXECRET_TEI_BASE_URL/);
    await expect(asked(['openai-compatible/listwise-rankgpt'], {}, ORACLE)).rejects.toThrow(
      /OPENAI_API_KEY .* or EXECRET_OPENAI_COMPATIBLE_URL/,
    );
  });

  it('creates a chat execution reranker without its key, with a warning, when replies may come from the cache', async () => {
    warnings.length = 0;
    const sandboxed = { ...ORACLE, info: { isolation: 'bwrap' } } as unknown as Oracle;
    const plan = await asked(['exec/random-clone', 'exec/tests@openai/gpt-5-mini'], {}, sandboxed);
    try {
      expect(plan?.stages.map((s) => s.kind)).toEqual(['artifacts', 'artifacts']);
      expect(warnings).toEqual([
        'exec/tests@openai/gpt-5-mini: no OPENAI_API_KEY, so chat replies can only come from the artifact cache',
      ]);
    } finally {
      await plan?.secondStages.close();
    }
  });

  it('refuses an executing reranker without an oracle (--no-execute)', async () => {
    await expect(asked(['exec/consensus'], {}, undefined)).rejects.toThrow(
      new UsageError('--rerank exec/consensus executes candidates in the oracle; it cannot run with --no-execute'),
    );
  });

  it('describes a keyed reranker by its registry info without the key when the key is set', async () => {
    const key = 'mxb-secret-0123456789';
    const plan = await asked(['mixedbread/mxbai-rerank-large-v2'], { MIXEDBREAD_API_KEY: key }, ORACLE);
    try {
      const [stage] = plan!.stages;
      expect(stage!.info.configHash).toBe(describeReranker('mixedbread/mxbai-rerank-large-v2').configHash);
      expect(stage!.kind).toBe('score-cache');
      expect(JSON.stringify(stage!.info)).not.toContain(key);
    } finally {
      await plan?.secondStages.close();
    }
  });
});
