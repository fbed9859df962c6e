import { describe, expect, it } from 'vitest';
import { readDistractorMetadataRecords } from './distractor-metadata.js';

const records = (rows: unknown[]) => rows.map((value, i) => ({ line: i + 1, value }));
const labels = new Map<string, 'correct' | 'incorrect'>([
  ['c_0001', 'correct'],
  ['c_0002', 'incorrect'],
  ['c_0003', 'incorrect'],
]);
const context = { corpusLabel: (id: string) => labels.get(id), isQueryId: (id: string) => id === 'q_0001' };

describe('readDistractorMetadataRecords', () => {
  it('recognises ids, query, bug type and hashes by the values they hold', () => {
    const meta = readDistractorMetadataRecords(
      records([
        { child: 'c_0002', parent: 'c_0001', task: 'q_0001', kind: 'off_by_one', digest: 'f'.repeat(64), note: 'x' },
        {
          child: 'c_0003',
          parent: 'c_0001',
          task: 'q_0001',
          kind: 'my_legacy_type',
          digest: 'e'.repeat(64),
          note: 'y',
        },
      ]),
      { ...context, bugTypes: ['my_legacy_type'] },
    );
    expect(meta.rows[1]).toMatchObject({
      distractorId: 'c_0003',
      canonicalId: 'c_0001',
      queryId: 'q_0001',
      bugType: 'my_legacy_type',
      hashes: { digest: 'e'.repeat(64) },
    });
    expect(meta.byDistractorId.get('c_0002')).toBe(0);
    const notUnderstood = meta.fields.filter((f) => f.role === null).map((f) => f.field);
    expect(notUnderstood).toEqual(['note']);
    expect(meta.issues).toEqual([expect.objectContaining({ severity: 'info', code: 'metadata-field-not-understood' })]);
  });

  it('uses conventional names before shapes', () => {
    const meta = readDistractorMetadataRecords(records([{ distractor_corpus_id: 'zz', bug_type: 'odd' }]), context);
    expect(meta.rows[0]).toMatchObject({ distractorId: 'zz', bugType: 'odd' });
    expect(meta.fields.map((f) => f.how)).toEqual(['name', 'name']);
  });

  it('falls back to the c_<n> pattern and name hints when no corpus is given', () => {
    const meta = readDistractorMetadataRecords(records([{ mutant: 'c_0009', original: 'c_0006' }]));
    expect(meta.rows[0]).toMatchObject({ distractorId: 'c_0009', canonicalId: 'c_0006' });
  });

  it('needs a majority of matching values before it assigns a role by shape', () => {
    const meta = readDistractorMetadataRecords(
      records([
        { id: 'c_0002', tag: 'off_by_one' },
        { id: 'c_0003', tag: 'something' },
        { id: 'c_0002', tag: 'else' },
      ]),
      context,
    );
    expect(meta.fields.find((f) => f.field === 'tag')?.role).toBeNull();
    expect(meta.issues.some((i) => i.code === 'metadata-duplicate-distractor' && i.line === 3)).toBe(true);
  });

  it('warns about rows without a recognisable distractor', () => {
    const meta = readDistractorMetadataRecords(records([{ foo: 1 }]), context);
    expect(meta.issues[0]).toMatchObject({ severity: 'warning', code: 'metadata-row-without-distractor', line: 1 });
  });
});
