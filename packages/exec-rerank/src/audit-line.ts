import type { ExecRerankAudit } from './types.js';

/**
 * One JSONL line for a results folder: `{"query_id": …, …audit}` with `\n`, compact JSON. The bench writes one
 * line per (query, reranker), e.g. into `rerank/<system>.jsonl`, so every decision (inputs or tests, who passed
 * what, the chat request's hash, scores, costs) can be audited and rerun from the artifact cache.
 *
 * @throws {TypeError} when `queryId` is empty
 * @example
 * formatAuditLine('q_0001', result.audit); // '{"query_id":"q_0001","reranker":"exec/consensus",…}\n'
 */
export function formatAuditLine(queryId: string, audit: ExecRerankAudit): string {
  if (typeof queryId !== 'string' || queryId === '')
    throw new TypeError('@execret/exec-rerank formatAuditLine: queryId must be a non-empty string');
  return `${JSON.stringify({ query_id: queryId, ...audit })}\n`;
}
