// The bundled mini set's reference outcomes: every canonical and distractor run against its query's suite
// must give exactly the per-test outcome strings recorded in the release's execution cache
// (packages/dataset/data/mini/data/execution_cache.jsonl, the same file as fixtures/mini/data/), with the
// default judging and with judging 'child'.
import { readFileSync } from 'node:fs';
import { codeSha256, testsSha256 } from '@execret/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle, type OracleJob } from '../src/index.js';

const DATA = new URL('../../dataset/data/mini/data/', import.meta.url);

function jsonl<T>(name: string): T[] {
  return readFileSync(new URL(name, DATA), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

interface Query {
  query_id: string;
  test_suite: string[];
  correct_corpus_ids: string[];
  paired_distractor_corpus_ids: string[];
}

const corpus = new Map(jsonl<{ corpus_id: string; code: string }>('corpus.jsonl').map((c) => [c.corpus_id, c.code]));
const reference = new Map(
  jsonl<{ code_sha256: string; tests_sha256: string; test_results: string[] }>('execution_cache.jsonl').map((e) => [
    `${e.code_sha256}:${e.tests_sha256}`,
    e.test_results,
  ]),
);
const cases: { id: string; job: OracleJob; expected: string[] | undefined }[] = jsonl<Query>('queries.jsonl').flatMap(
  (q) =>
    [...q.correct_corpus_ids, ...q.paired_distractor_corpus_ids].map((id) => {
      const code = corpus.get(id) ?? '';
      return {
        id: `${q.query_id}/${id}`,
        job: { code, tests: q.test_suite },
        expected: reference.get(`${codeSha256(code)}:${testsSha256(q.test_suite)}`),
      };
    }),
);

let split: Oracle;
let child: Oracle;

beforeAll(async () => {
  [split, child] = await Promise.all([
    createOracle({ concurrency: 1, sandboxUid: 65160 }),
    createOracle({ concurrency: 1, sandboxUid: 65150, judging: 'child' }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([split?.close(), child?.close()]);
});

describe('the mini set', () => {
  it('has a reference outcome for every canonical and distractor of every query', () => {
    expect(cases).toHaveLength(500);
    expect(cases.filter((c) => c.expected === undefined).map((c) => c.id)).toEqual([]);
  });

  it.each([
    ['the default judging', () => split],
    ["judging 'child'", () => child],
  ])(
    'gives the execution cache outcomes, string for string, with %s',
    async (_name, oracle) => {
      const results = await oracle().runMany(cases.map((c) => c.job));
      const differing = cases
        .map((c, i) => ({ id: c.id, expected: c.expected, received: results[i]?.tests }))
        .filter((row) => JSON.stringify(row.expected) !== JSON.stringify(row.received));
      expect(differing).toEqual([]);
    },
    300_000,
  );
});
