import { describe, expect, it } from 'vitest';
import { MetricsError } from './errors.js';
import { MEASURE_ALIASES, MEASURE_NAMES, parseMeasure } from './parse-measure.js';

describe('parseMeasure', () => {
  it.each([
    ['exec@1', { name: 'exec', k: 1, id: 'exec@1' }],
    ['exec@10', { name: 'exec', k: 10, id: 'exec@10' }],
    ['execution_precision@5', { name: 'execution_precision', k: 5, id: 'execution_precision@5' }],
    ['precision@5', { name: 'execution_precision', k: 5, id: 'execution_precision@5' }],
    ['ndcg@3', { name: 'ndcg', k: 3, id: 'ndcg@3' }],
    ['exec_ndcg_gap@10', { name: 'exec_ndcg_gap', k: 10, id: 'exec_ndcg_gap@10' }],
    ['mrr', { name: 'mrr', k: null, id: 'mrr' }],
    ['mrr@10', { name: 'mrr', k: 10, id: 'mrr@10' }],
    ['ndcg@1000', { name: 'ndcg', k: 1000, id: 'ndcg@1000' }],
  ])('parses %s', (input, expected) => {
    expect(parseMeasure(input)).toEqual(expected);
  });

  it.each([
    ['recall@10', /unknown measure name "recall"/],
    ['exec', /needs a cutoff, e\.g\. exec@10/],
    ['precision', /needs a cutoff, e\.g\. precision@10/],
    ['exec@0', /not a positive integer without leading zeros/],
    ['exec@01', /not a positive integer without leading zeros/],
    ['exec@1.5', /unrecognised form/],
    ['exec@-1', /unrecognised form/],
    ['exec@', /unrecognised form/],
    ['@5', /unrecognised form/],
    ['', /unrecognised form/],
    ['exec@99999999999999999999', /too large/],
    ['Exec@1', /did you mean "exec@1"/],
    [' ndcg@5 ', /did you mean "ndcg@5"/],
    ['exec @1', /did you mean "exec@1"/],
  ])('rejects %j with MetricsError invalid-measure', (input, message) => {
    let caught: unknown;
    try {
      parseMeasure(input);
    } catch (error) {
      caught = error;
    }
    expect(MetricsError.is(caught)).toBe(true);
    expect((caught as MetricsError).code).toBe('invalid-measure');
    expect((caught as MetricsError).measure).toBe(input);
    expect((caught as MetricsError).message).toMatch(message);
    expect((caught as MetricsError).message).toContain('accepted: exec@k, execution_precision@k (alias precision@k)');
  });

  it('offers no hint when normalising would not help', () => {
    expect(() => parseMeasure('Recall@1')).toThrow(/^(?!.*did you mean)/s);
  });

  it('throws TypeError when the measure is not a string', () => {
    expect(() => parseMeasure(5 as unknown as string)).toThrow(TypeError);
  });

  it('maps every alias to a canonical name', () => {
    for (const name of Object.values(MEASURE_ALIASES)) expect(MEASURE_NAMES).toContain(name);
  });
});
