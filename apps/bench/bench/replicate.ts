import { type Benchmark, createBenchmark } from '@execret/dataset';

/** Replicates a benchmark's tasks (renaming each copy's function) until the pool reaches `snippets`. */
export function replicate(benchmark: Benchmark, snippets: number): Benchmark {
  const queries: Benchmark['queries'][number][] = [];
  const corpus: Benchmark['corpus'][number][] = [];
  let copy = 0;
  let nextId = 1;
  while (corpus.length < snippets) {
    for (let q = 0; q < benchmark.queries.length && corpus.length < snippets; q++) {
      const row = benchmark.queries[q]!;
      const name = benchmark.functionName[q];
      const rename = (text: string): string =>
        name && copy > 0 ? text.replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}_v${copy}`) : text;
      const ids = (list: readonly string[]) =>
        list.map((id) => {
          const snippet = benchmark.corpus[benchmark.corpusIndexById.get(id)!]!;
          const newId = `c_${String(nextId++).padStart(5, '0')}`;
          corpus.push({ ...snippet, corpus_id: newId, code: rename(snippet.code) });
          return newId;
        });
      const correct = ids(row.correct_corpus_ids);
      const distractors = ids(row.paired_distractor_corpus_ids);
      queries.push({
        ...row,
        query_id: `q_${String(queries.length + 1).padStart(5, '0')}`,
        query: copy > 0 ? `${row.query} (variant ${copy})` : row.query,
        test_suite: row.test_suite.map(rename),
        correct_corpus_ids: correct,
        paired_distractor_corpus_ids: distractors,
      });
    }
    copy++;
  }
  return createBenchmark({ queries, corpus, source: { kind: 'memory', location: `replicated x${copy}` } });
}
