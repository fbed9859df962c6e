import { describe, expect, it } from 'vitest';
import { metricValue, resultExtras } from './results-extras.js';
import type { ResultsFile } from './schemas.js';

const file = (extra: Record<string, unknown>): ResultsFile => ({
  model: 'm',
  n_queries: 0,
  n_corpus: 0,
  ks: [1],
  metrics: { 'exec@1': 0.5, ndcg: { '1': 0.25 }, mrr: null },
  per_query: [],
  ...extra,
});

describe('resultExtras', () => {
  it('returns the execret object when the file has one, else undefined', () => {
    expect(resultExtras(file({ execret: { config_hash: 'h' } }))).toEqual({ config_hash: 'h' });
    expect(resultExtras(file({}))).toBeUndefined();
    expect(resultExtras(file({ execret: [1] }))).toBeUndefined();
    expect(resultExtras(file({ execret: null }))).toBeUndefined();
  });
});

describe('metricValue', () => {
  it('returns plain numbers only when the measure is nested, null or absent', () => {
    expect(metricValue(file({}), 'exec@1')).toBe(0.5);
    expect(metricValue(file({}), 'ndcg')).toBeUndefined();
    expect(metricValue(file({}), 'mrr')).toBeUndefined();
    expect(metricValue(file({}), 'exec@3')).toBeUndefined();
  });
});
