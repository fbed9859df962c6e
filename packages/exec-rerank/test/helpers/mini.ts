import { type Benchmark, loadExecRetrieval } from '@execret/dataset';

/** One mini query as a reranking problem: its canonical and distractors in a fixed first-stage order. */
export interface MiniTask {
  queryId: string;
  query: string;
  functionName: string;
  /** Candidate code in first-stage order. */
  candidates: string[];
  /** Position of the canonical in `candidates`. */
  canonical: number;
  /** The benchmark's test suite (never given to a reranker; for leakage checks only). */
  suite: readonly string[];
}

let loaded: Promise<Benchmark> | null = null;

export function mini(): Promise<Benchmark> {
  loaded ??= loadExecRetrieval('mini');
  return loaded;
}

/**
 * The mini query as a reranking problem, the canonical placed at `canonicalAt` among its distractors (default
 * last, so that first-stage ties count against it).
 */
export function miniTask(b: Benchmark, q: number, canonicalAt?: number): MiniTask {
  const canon = b.queryCanonicalIndex[q] as number;
  const ds = Array.from(b.distractorIndices.subarray(b.distractorOffsets[q], b.distractorOffsets[q + 1]));
  const at = canonicalAt ?? ds.length;
  const order = [...ds.slice(0, at), canon, ...ds.slice(at)];
  const row = b.queries[q]!;
  return {
    queryId: row.query_id,
    query: row.query,
    functionName: b.functionName[q] ?? '',
    candidates: order.map((i) => b.corpus[i]!.code),
    canonical: at,
    suite: b.testSuites[q] ?? [],
  };
}

export async function miniTaskById(queryId: string, canonicalAt?: number): Promise<MiniTask> {
  const b = await mini();
  const q = b.queryIndexById.get(queryId);
  if (q === undefined) throw new Error(`no mini query ${queryId}`);
  return miniTask(b, q, canonicalAt);
}
