import { describe, expect, it } from 'vitest';
import { createMeasureAccumulator } from './measure-accumulator.js';
import { planMeasures } from './measure-plan.js';

describe('createMeasureAccumulator', () => {
  it('keeps rows in insertion order and counts tie-decided queries per measure', () => {
    const acc = createMeasureAccumulator<'exec@1' | 'mrr'>(planMeasures(['exec@1', 'mrr']));
    acc.add('q2', Float64Array.of(1, 0.5), Uint8Array.of(0, 1));
    acc.add('q1', Float64Array.of(0, 1), Uint8Array.of(1, 1));
    expect(acc.queryIds).toEqual(['q2', 'q1']);
    expect(acc.perQuery).toEqual({ q2: { 'exec@1': 1, mrr: 0.5 }, q1: { 'exec@1': 0, mrr: 1 } });
    const totals = acc.totals();
    expect(totals.mean).toEqual({ 'exec@1': 0.5, mrr: 0.75 });
    expect(totals.tiesDecided).toEqual({ 'exec@1': 1, mrr: 2 });
    expect(totals.tieDecidedQueries).toEqual({ 'exec@1': ['q1'], mrr: ['q2', 'q1'] });
    expect(totals.measures.mrr).toEqual({ name: 'mrr', k: null, id: 'mrr' });
  });

  it('sums with compensation when a naive running sum would round', () => {
    const acc = createMeasureAccumulator<'precision@10'>(planMeasures(['precision@10']));
    for (let i = 0; i < 10; i++) acc.add(`q${i}`, Float64Array.of(0.1), Uint8Array.of(0));
    let naive = 0;
    for (let i = 0; i < 10; i++) naive += 0.1;
    expect(naive / 10).not.toBe(0.1);
    expect(acc.totals().mean['precision@10']).toBe(0.1);
  });

  it('stores a query id such as __proto__ as data when it is added', () => {
    const acc = createMeasureAccumulator<'exec@1'>(planMeasures(['exec@1']));
    acc.add('__proto__', Float64Array.of(1), Uint8Array.of(0));
    expect(Object.keys(acc.perQuery)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(acc.perQuery)).toBe(Object.prototype);
  });
});
