// Type-checked inside the unrelated npm project under strict TypeScript, once with nodenext and once with bundler
// resolution (tsconfig.*.json): the published declarations of every package, as a user's code sees them.
import { compareResults } from '@execret/analyses';
import { type Benchmark, loadExecRetrieval, validateBenchmark } from '@execret/dataset';
import { describeEmbedder, type EmbedderInfo } from '@execret/embedders';
import { EXEC_RERANK_ERROR_CODES } from '@execret/exec-rerank';
import { canonicalJson, defineExecretError } from '@execret/formats';
import { applyEdits } from '@execret/generate';
import { type ProviderAccess, requestWithRetry } from '@execret/http';
import { createOpenAIClient } from '@execret/llm-generate';
import { evaluate, execAtK } from '@execret/metrics';
import { enumerateJsMutants } from '@execret/mutate-js';
import { createOracle, type OracleResult } from '@execret/oracle';
import { type BenchmarkRun, cacheLayout } from '@execret/pipeline';
import { reportFiles } from '@execret/report';
import { describeReranker } from '@execret/rerankers';
import { createBm25, type TopKResult, topK } from '@execret/search';
import { mcnemarExact } from '@execret/stats';

export async function use(): Promise<number> {
  const mini: Benchmark = await loadExecRetrieval('mini');
  const issues: number = validateBenchmark(mini).length;
  const p: number = mcnemarExact(3, 12).pValue;
  const hit: number = execAtK([0, 1], 2);
  const mean: Record<string, number> = evaluate({ q: { d: 1 } }, { q: { d: 2 } }, ['exec@1']).mean;
  const info: EmbedderInfo = describeEmbedder('local/all-minilm-l6-v2');
  const access: ProviderAccess = info.access;
  const top: TopKResult = topK(new Float32Array([1]), new Float32Array([1]), 1, 1, { metric: 'dot' });
  const oracle = await createOracle();
  const result: OracleResult = await oracle.run({ code: 'x = 1', tests: ['assert x == 1'] });
  await oracle.close();
  const bm25: number = createBm25(['a']).scores('a')[0] ?? 0;
  class LocalError extends defineExecretError<'bad'>('@execret/local', 'LocalError') {}
  return [
    issues,
    p,
    hit,
    mean['exec@1'] ?? 0,
    access.kind.length,
    top.rows,
    result.tests.length,
    bm25,
    canonicalJson({}).length,
    new LocalError('bad', 'x').code.length,
    describeReranker('cohere/rerank-v3.5').configHash.length,
    EXEC_RERANK_ERROR_CODES.length,
    typeof compareResults,
    typeof applyEdits,
    typeof requestWithRetry,
    typeof createOpenAIClient,
    typeof enumerateJsMutants,
    typeof reportFiles,
    cacheLayout('c').executions,
    ((run: BenchmarkRun) => run.kind)({ kind: 'shard', work: undefined as never, embedded: [] }),
  ].length;
}
