import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture } from './capture.js';

const MINI = join(import.meta.dirname, '../../../fixtures/mini/data');

interface QueryLine {
  query_id: string;
  query: string;
  correct_corpus_ids: string[];
  paired_distractor_corpus_ids: string[];
  metadata: { task_id: string };
}

const readLines = async (path: string): Promise<Record<string, unknown>[]> =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

/** A results folder whose bm25 ranks, per query, `first` then `second` (ids picked from the query's group). */
async function writeFolder(
  dir: string,
  dataset: string,
  queries: QueryLine[],
  pick: (q: QueryLine) => [string, string],
): Promise<void> {
  await mkdir(join(dir, 'results'), { recursive: true });
  const perQuery = queries.map((q) => {
    const [first, second] = pick(q);
    return {
      query_id: q.query_id,
      query: q.query,
      correct_corpus_ids: q.correct_corpus_ids,
      top_results: [first, second].map((id, i) => {
        const passes = q.correct_corpus_ids.includes(id);
        return {
          rank: i + 1,
          corpus_id: id,
          label: passes ? 'correct' : 'incorrect',
          bug_type: '',
          similarity: 2 - i,
          passes_all_tests: passes,
          test_results: [passes ? 'pass' : 'FAIL'],
        };
      }),
    };
  });
  const file = {
    model: 'bm25',
    n_queries: queries.length,
    n_corpus: 500,
    ks: [1, 3, 5, 10],
    metrics: {},
    per_query: perQuery,
  };
  await writeFile(join(dir, 'results/bm25.json'), JSON.stringify(file));
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ dataset }));
}

describe('execret compare-languages on two results folders (mini and a renamed copy standing in for mini-js)', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;
  let queries: QueryLine[];
  let bugType: Map<string, string>;
  let twin: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-cross-language-'));
    env = { ...process.env, EXECRET_CACHE_DIR: join(root, 'cache'), EXECRET_OFFLINE: '1' };
    queries = (await readLines(join(MINI, 'queries.jsonl'))) as unknown as QueryLine[];
    bugType = new Map(
      (await readLines(join(MINI, 'distractor_metadata.jsonl'))).map((m) => [
        m.corpus_id as string,
        m.bug_type as string,
      ]),
    );
    // The "JavaScript" release: mini's files with every task id renamed mini_ → minijs_, one task renamed away.
    twin = join(root, 'twin');
    await mkdir(join(twin, 'data'), { recursive: true });
    for (const name of ['corpus.jsonl', 'distractor_metadata.jsonl', 'execution_cache.jsonl']) {
      await writeFile(join(twin, 'data', name), await readFile(join(MINI, name)));
    }
    const renamed = (await readFile(join(MINI, 'queries.jsonl'), 'utf8')).replace(/"mini_/g, '"minijs_');
    await writeFile(join(twin, 'data/queries.jsonl'), renamed);
    const twinQueries = (await readLines(join(twin, 'data/queries.jsonl'))) as unknown as QueryLine[];
    // Python: the first distractor above the canonical (deceived, exec@1 0); "JavaScript": canonical first.
    await writeFolder(join(root, 'py'), 'mini', queries, (q) => [
      q.paired_distractor_corpus_ids[0]!,
      q.correct_corpus_ids[0]!,
    ]);
    await writeFolder(join(root, 'js'), twin, twinQueries, (q) => [
      q.correct_corpus_ids[0]!,
      q.paired_distractor_corpus_ids[0]!,
    ]);
    const odd = twinQueries.map((q, i) =>
      i === 0 ? JSON.stringify({ ...q, metadata: { ...q.metadata, task_id: 'minijs_extra_01' } }) : JSON.stringify(q),
    );
    await mkdir(join(root, 'odd/data'), { recursive: true });
    for (const name of ['corpus.jsonl', 'distractor_metadata.jsonl', 'execution_cache.jsonl']) {
      await writeFile(join(root, 'odd/data', name), await readFile(join(MINI, name)));
    }
    await writeFile(join(root, 'odd/data/queries.jsonl'), `${odd.join('\n')}\n`);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('prints the measures, McNemar and deception per bug type on the paired tasks and writes the JSON', async () => {
    const out = join(root, 'cross.json');
    const args = ['compare-languages', join(root, 'py'), join(root, 'js'), '--labels', 'python,javascript'];
    const run = await capture(() => main([...args, '--resamples', '300', '--out', out], env));
    expect(run.code, run.stderr).toBe(0);
    // Both stand-ins are Python datasets: one language's two versions are headed as a paired comparison.
    expect(run.stdout).toContain('## Paired comparison: python vs javascript');
    expect(run.stdout).not.toContain('Cross-language');
    expect(run.stdout).toContain('| bm25 | exec@1 | 0.000 | 1.000 | -1.000 | [-1.000, -1.000] | 0 / 100, p = ');
    const doc = JSON.parse(await readFile(out, 'utf8'));
    expect(doc.tasks).toHaveLength(100);
    expect(doc.tasks[0]).toEqual({ key: 'bit_manipulation_01', a: 'q_0001', b: 'q_0001' });
    expect(doc.bootstrap).toEqual({ seed: 20260510, resamples: 300, confidence: 0.95 });
    const [bm25] = doc.systems;
    expect(bm25.mcnemar).toMatchObject({ status: 'tested', aOnly: 0, bOnly: 100 });
    // Independently from the files: per bug type, how many distractors there are and how many are a query's first.
    const triples = new Map<string, number>();
    const first = new Map<string, number>();
    for (const q of queries) {
      q.paired_distractor_corpus_ids.forEach((id, j) => {
        const type = bugType.get(id)!;
        triples.set(type, (triples.get(type) ?? 0) + 1);
        if (j === 0) first.set(type, (first.get(type) ?? 0) + 1);
      });
    }
    expect(Object.keys(bm25.deception.a).sort()).toEqual([...triples.keys()].sort());
    for (const [type, n] of triples) {
      expect(bm25.deception.a[type], type).toMatchObject({ triples: n, deceived: first.get(type) ?? 0, unresolved: 0 });
      expect(bm25.deception.b[type], type).toMatchObject({ triples: n, deceived: 0, unresolved: 0 });
    }
    expect(bm25.canonicalBelow.a).toMatchObject({ source: 'run', queries: 100, below: 100, rate: 1 });
    expect(bm25.canonicalBelow.b).toMatchObject({ source: 'run', queries: 100, below: 0, rate: 0 });
    expect(bm25.fullPoolDeception).toBeNull();
  });

  it('fails naming the task when a task has no partner, and compares the rest with --allow-unpaired', async () => {
    await writeFolder(join(root, 'odd-results'), join(root, 'odd'), queries, (q) => [
      q.correct_corpus_ids[0]!,
      q.paired_distractor_corpus_ids[0]!,
    ]);
    const args = ['compare-languages', join(root, 'py'), join(root, 'odd-results'), '--resamples', '100'];
    const failed = await capture(() => main(args, env));
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('mini_bit_manipulation_01 of side A');
    const skipped = await capture(() => main([...args, '--allow-unpaired', '--json'], env));
    expect(skipped.code, skipped.stderr).toBe(0);
    const doc = JSON.parse(skipped.stdout);
    expect(doc.tasks).toHaveLength(99);
    expect(doc.unpaired).toEqual({ a: ['mini_bit_manipulation_01'], b: ['minijs_extra_01'] });
  });

  it('exits with a usage error when it is not given two folders', async () => {
    const run = await capture(() => main(['compare-languages', join(root, 'py')], env));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('expected two results folders');
  });
});
