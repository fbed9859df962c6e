import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadExecRetrieval } from '@execret/dataset';

/** One request the fake server answered. */
export interface FakeRerankRequest {
  readonly query: string;
  readonly documents: readonly string[];
}

/** A local fake of Voyage's `POST /v1/rerank` that prefers each query's canonical (read from the mini set). */
export interface FakeRerankServer {
  /** Base URL to put in `EXECRET_VOYAGE_BASE_URL` (ends in `/v1`). */
  readonly baseUrl: string;
  readonly requests: FakeRerankRequest[];
  /** Requests refused for a wrong or missing key. */
  readonly unauthorized: number;
  close(): Promise<void>;
}

/**
 * Starts the fake on 127.0.0.1. It answers `{ data: [{ index, relevance_score }], usage: { total_tokens } }` sorted
 * by score like Voyage: the query's canonical (in the bundled mini set) scores 0.9, every other document 0.1, so a
 * reranker over it puts a passing snippet first whenever the first stage retrieved the canonical. Requests without
 * `Authorization: Bearer <key>` get 401. `delayMs` delays every answer (to let a test kill a run mid-way).
 */
export async function startFakeRerankServer(
  key: string,
  options: { delayMs?: number } = {},
): Promise<FakeRerankServer> {
  const mini = await loadExecRetrieval('mini');
  const codeById = new Map(mini.corpus.map((row) => [row.corpus_id, row.code]));
  const canonicalsByQuery = new Map<string, Set<string>>();
  for (const row of mini.queries) {
    const codes = canonicalsByQuery.get(row.query) ?? new Set<string>();
    for (const id of row.correct_corpus_ids) codes.add(codeById.get(id)!);
    canonicalsByQuery.set(row.query, codes);
  }
  const requests: FakeRerankRequest[] = [];
  let unauthorized = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/rerank') {
        res.writeHead(404).end();
        return;
      }
      if (req.headers.authorization !== `Bearer ${key}`) {
        unauthorized++;
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"detail":"bad key"}');
        return;
      }
      const { query, documents } = JSON.parse(body) as { query: string; documents: string[] };
      requests.push({ query, documents });
      const canonical = canonicalsByQuery.get(query) ?? new Set<string>();
      const data = documents
        .map((doc, index) => ({ index, relevance_score: canonical.has(doc) ? 0.9 : 0.1 }))
        .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
      const answer = JSON.stringify({
        object: 'list',
        data,
        model: 'rerank-2.5',
        usage: { total_tokens: documents.reduce((n, d) => n + Math.ceil(d.length / 4), 0) },
      });
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(answer), options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get unauthorized() {
      return unauthorized;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
