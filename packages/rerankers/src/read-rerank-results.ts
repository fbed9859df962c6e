import { HttpError } from '@execret/http';

/** Where a rerank API puts its results and what it calls the score. */
export interface RerankResultsShape {
  /** Key of the results array (`results`, `data`), or `null` when the body is the array itself (TEI). */
  readonly list: string | null;
  /** Score field names to try, in order (`relevance_score`, `relevanceScore`, `score`). */
  readonly score: readonly string[];
}

/**
 * Reads a rerank answer into scores in input order. Each result must carry an integer `index` in `0..count-1`
 * (each exactly once) and a finite numeric score; the results may come in any order (APIs sort them by score);
 * a wrong count, an index out of range or repeated, or a missing or non-finite score throws `response`.
 *
 * @throws {HttpError} `response`
 * @example
 * readRerankResults({ results: [{ index: 1, relevance_score: 0.9 }, { index: 0, relevance_score: 0.1 }] },
 *   { list: 'results', score: ['relevance_score'] }, 2, '@execret/rerankers cohere');
 * // Float64Array [0.1, 0.9]
 */
export function readRerankResults(
  body: unknown,
  shape: RerankResultsShape,
  count: number,
  label: string,
): Float64Array {
  const bad = (what: string) => new HttpError('response', `${label}: malformed response: ${what}`);
  let list: unknown = body;
  if (shape.list !== null) {
    if (typeof body !== 'object' || body === null) throw bad('body is not an object');
    list = (body as Record<string, unknown>)[shape.list];
  }
  if (!Array.isArray(list)) throw bad(`"${shape.list ?? 'body'}" is not an array`);
  if (list.length !== count) throw bad(`${list.length} results for ${count} documents`);
  const scores = new Float64Array(count);
  const seen = new Uint8Array(count);
  list.forEach((item, position) => {
    if (typeof item !== 'object' || item === null) throw bad(`result ${position} is not an object`);
    const record = item as Record<string, unknown>;
    const index = record.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count || seen[index] === 1) {
      throw bad(`result ${position} has index ${JSON.stringify(index)}, expected a unique integer in 0..${count - 1}`);
    }
    seen[index] = 1;
    const key = shape.score.find((name) => record[name] !== undefined);
    const score = key === undefined ? undefined : record[key];
    if (typeof score !== 'number' || !Number.isFinite(score)) {
      throw bad(`result ${position} has no finite ${shape.score.join(' / ')} (received ${JSON.stringify(score)})`);
    }
    scores[index] = score;
  });
  return scores;
}

/**
 * The first finite number found at one of `paths` (dotted) in `body`, or `null`.
 *
 * @example
 * readNumber({ usage: { total_tokens: 12 } }, ['usage.prompt_tokens', 'usage.total_tokens']); // 12
 */
export function readNumber(body: unknown, paths: readonly string[]): number | null {
  for (const path of paths) {
    let value: unknown = body;
    for (const key of path.split('.')) {
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}
