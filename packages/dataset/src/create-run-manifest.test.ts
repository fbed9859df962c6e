import { describe, expect, it } from 'vitest';
import { createRunManifest, type RunManifestParts } from './create-run-manifest.js';
import { parseRunManifest, RUN_MANIFEST_FIELDS } from './run-manifest.js';

const stats = {
  executed: 3,
  cacheHits: 1,
  serverRestarts: 0,
  killedDescendants: 0,
  removedFiles: 0,
  phaseMs: { fork: 1, childSetup: 1, job: 1, judging: 1, cleanup: 1, server: 1 },
};

function parts(over: Partial<RunManifestParts> = {}): RunManifestParts {
  return {
    createdAt: '2026-01-01T00:00:00.000Z',
    node: 'v20.20.2',
    packages: { '@execret/dataset': '0.1.0' },
    oracle: {
      requested: 'auto',
      info: { isolation: 'bwrap', python: { executable: '/usr/bin/python3.11', version: '3.11.2' }, javascript: null },
      stats,
    },
    dataset: {
      source: 'mini',
      benchmark: {
        source: { kind: 'mini', location: 'mini' },
        loadReport: {
          files: [{ file: 'data/corpus.jsonl', lines: 2, records: 2, bytes: 10, sha256: 'a'.repeat(64) }] as never,
          unknownFields: {},
          issues: [],
        },
      },
      queries: 1,
      snippets: 2,
      languages: { python: 1 },
    },
    seed: 7,
    resamples: 10,
    ties: 'trec',
    systems: [{ id: 'bm25', configHash: 'h', provider: 'execret', similarity: 'bm25' }],
    skipped: [{ model: 'local/x', reason: 'no weights' }],
    twoStage: [],
    embedding: {},
    verify: null,
    retrieved: { pairs: 4, executed: 3, cached: 1 },
    results: [
      {
        model: 'bm25',
        n_queries: 1,
        n_corpus: 2,
        ks: [1, 3, 5, 10],
        metrics: {},
        per_query: [],
        execret: { ties_decided: { 'exec@1': 1 }, unexecuted_pairs: 2, truncated_tie_groups: 0 },
      } as never,
    ],
    timings: { load: 1, total: 2 },
    ...over,
  };
}

describe('createRunManifest', () => {
  it('writes every field in the documented order and reads back without a warning when given a run', () => {
    const manifest = createRunManifest(parts());
    expect(Object.keys(manifest)).toEqual(RUN_MANIFEST_FIELDS.filter((f) => f !== 'two_stage_systems'));
    expect(manifest).toMatchObject({
      isolation: 'bwrap',
      isolation_requested: 'auto',
      isolation_fallback_reason: null,
      dataset_commit: null,
      dataset_hub: null,
      dataset_sha256: { 'data/corpus.jsonl': 'a'.repeat(64) },
      systems: [{ model: 'bm25', config_hash: 'h', provider: 'execret', similarity: 'bm25' }],
      ties_decided: { bm25: { 'exec@1': 1 } },
      unexecuted_pairs: { bm25: 2 },
      truncated_tie_groups: { bm25: 0 },
      oracle_stats: stats,
      javascript_runner: null,
    });
    expect(parseRunManifest(JSON.stringify(manifest)).warnings).toEqual([]);
  });

  it('records nothing executed when there is no oracle, and the two-stage systems only when there are some', () => {
    const manifest = createRunManifest(parts({ oracle: null, twoStage: [{ model: 'bm25>>x' } as never] }));
    expect(manifest).toMatchObject({ isolation: null, isolation_requested: null, python: null, oracle_stats: null });
    expect(Object.keys(manifest).indexOf('two_stage_systems')).toBe(RUN_MANIFEST_FIELDS.indexOf('two_stage_systems'));
  });
});
