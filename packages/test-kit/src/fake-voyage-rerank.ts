import { startFakeServer } from './fake-server.js';
import { voyageRerankResponse } from './rerank-responses.js';

/** One rerank request the fake answered. */
export interface FakeRerankRequest {
  readonly query: string;
  readonly documents: readonly string[];
}

export interface FakeVoyageRerankOptions {
  /** Requests without `Authorization: Bearer <apiKey>` get 401 (default: every request is accepted). */
  apiKey?: string;
  /** The model the answers name (default `'rerank-2.5'`). */
  model?: string;
  /** Delay every answer by this much (to let a test stop a run mid-way). */
  delayMs?: number;
}

export interface FakeVoyageRerank {
  /** `http://127.0.0.1:<port>/v1` */
  readonly baseURL: string;
  /** The requests answered (refused ones are not included). */
  readonly requests: FakeRerankRequest[];
  /** Requests refused for a wrong or missing key. */
  readonly unauthorized: number;
  close(): Promise<void>;
}

/**
 * Starts a fake of Voyage's `POST /v1/rerank` on 127.0.0.1 that scores each document with `score(query, document)`
 * and answers `{ object, data: [{ index, relevance_score }] best first, model, usage: { total_tokens } }`, about one
 * token per four characters of the documents. Other routes get 404.
 */
export async function startFakeVoyageRerank(
  score: (query: string, document: string) => number,
  options: FakeVoyageRerankOptions = {},
): Promise<FakeVoyageRerank> {
  const requests: FakeRerankRequest[] = [];
  let unauthorized = 0;
  const server = await startFakeServer((request) => {
    if (request.method !== 'POST' || request.path !== '/v1/rerank') return { status: 404, body: '' };
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      unauthorized++;
      return { status: 401, raw: '{"detail":"bad key"}' };
    }
    const { query, documents } = request.body as { query: string; documents: string[] };
    requests.push({ query, documents });
    const json = voyageRerankResponse(
      documents.map((document) => score(query, document)),
      {
        model: options.model ?? 'rerank-2.5',
        totalTokens: documents.reduce((n, d) => n + Math.ceil(d.length / 4), 0),
      },
    );
    return { json, delayMs: options.delayMs ?? 0 };
  });
  return {
    baseURL: `${server.url}/v1`,
    requests,
    get unauthorized() {
      return unauthorized;
    },
    close: () => server.close(),
  };
}
