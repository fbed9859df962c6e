import { httpFailure } from '@execret/http';
import {
  cohereRerankResponse,
  type FakeReply,
  type FakeRequest,
  type FakeServer,
  jinaRerankResponse,
  mixedbreadRerankResponse,
  recordingSleep,
  startFakeServer,
  teiRerankResponse,
  vllmRerankResponse,
  vllmScoreResponse,
  voyageRerankResponse,
} from '@execret/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { RerankersError } from '../src/errors.js';
import { createCohereReranker } from '../src/providers/cohere.js';
import { createJinaReranker } from '../src/providers/jina.js';
import { createMixedbreadReranker } from '../src/providers/mixedbread.js';
import type { RerankApiOptions } from '../src/providers/rerank-api.js';
import { createTeiReranker } from '../src/providers/tei.js';
import { createVllmReranker } from '../src/providers/vllm.js';
import { createVoyageReranker } from '../src/providers/voyage.js';
import { getRerankerConfig } from '../src/registry.js';
import type { Reranker, RerankerConfig } from '../src/types.js';

const KEY = 'rk-SECRET-key-97531';
let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The fake's relevance of a document: longer documents score higher, all distinct. */
const relevance = (doc: string) => doc.length / 100;

interface ApiCase {
  readonly name: string;
  readonly id: string;
  /** Path the request must reach. */
  readonly path: string;
  /** Base URL handed to the client for a server at `url`. */
  readonly base: (url: string) => string;
  /** The documents a request carries. */
  readonly documents: (body: FakeRequest['body']) => string[];
  /** A good answer in the API's shape, sorted by score as the APIs do. */
  readonly answer: (documents: string[], scores: number[]) => unknown;
  /** The answer's results array, for corrupting it. */
  readonly list: (answer: unknown) => Array<Record<string, unknown>>;
  readonly create: (config: string | RerankerConfig, options: RerankApiOptions) => Promise<Reranker> | Reranker;
  /** What the request body must contain for query `q` and documents `d`. */
  readonly body: (q: string, d: string[]) => Record<string, unknown>;
}

const CASES: ApiCase[] = [
  {
    name: 'cohere (cohere-ai SDK)',
    id: 'cohere/rerank-v3.5',
    path: '/v2/rerank',
    base: (url) => url,
    documents: (body) => body.documents,
    answer: (_, scores) => cohereRerankResponse(scores, { searchUnits: 1 }),
    list: (a) => (a as { results: Array<Record<string, unknown>> }).results,
    create: (config, options) => createCohereReranker(config, options),
    body: (q, d) => ({ model: 'rerank-v3.5', query: q, documents: d, max_tokens_per_doc: 4096 }),
  },
  {
    name: 'voyage',
    id: 'voyage/rerank-2.5',
    path: '/v1/rerank',
    base: (url) => `${url}/v1`,
    documents: (body) => body.documents,
    answer: (_, scores) => voyageRerankResponse(scores, { model: 'rerank-2.5', totalTokens: 40 }),
    list: (a) => (a as { data: Array<Record<string, unknown>> }).data,
    create: createVoyageReranker,
    body: (q, d) => ({ query: q, documents: d, model: 'rerank-2.5', truncation: true }),
  },
  {
    name: 'jina',
    id: 'jina/jina-reranker-v2-base-multilingual',
    path: '/v1/rerank',
    base: (url) => `${url}/v1`,
    documents: (body) => body.documents,
    answer: (_, scores) => jinaRerankResponse(scores, { model: 'jina-reranker-v2-base-multilingual', totalTokens: 40 }),
    list: (a) => (a as { results: Array<Record<string, unknown>> }).results,
    create: createJinaReranker,
    body: (q, d) => ({ model: 'jina-reranker-v2-base-multilingual', query: q, documents: d, return_documents: false }),
  },
  {
    name: 'mixedbread',
    id: 'mixedbread/mxbai-rerank-large-v2',
    path: '/v1/reranking',
    base: (url) => `${url}/v1`,
    documents: (body) => body.input,
    answer: (_, scores) =>
      mixedbreadRerankResponse(scores, { model: 'mixedbread-ai/mxbai-rerank-large-v2', totalTokens: 40 }),
    list: (a) => (a as { data: Array<Record<string, unknown>> }).data,
    create: createMixedbreadReranker,
    body: (q, d) => ({ model: 'mixedbread-ai/mxbai-rerank-large-v2', query: q, input: d, return_input: false }),
  },
  {
    name: 'text-embeddings-inference',
    id: 'tei/bge-reranker-base',
    path: '/rerank',
    base: (url) => url,
    documents: (body) => body.texts,
    answer: (_, scores) => teiRerankResponse(scores),
    list: (a) => a as Array<Record<string, unknown>>,
    create: createTeiReranker,
    body: (q, d) => ({
      query: q,
      texts: d,
      raw_scores: true,
      truncate: true,
      truncation_direction: 'Right',
      return_text: false,
    }),
  },
  {
    name: 'vllm /rerank',
    id: 'vllm/bge-reranker-v2-m3',
    path: '/rerank',
    base: (url) => url,
    documents: (body) => body.documents,
    answer: (docs, scores) => vllmRerankResponse(docs, scores, { model: 'BAAI/bge-reranker-v2-m3', totalTokens: 40 }),
    list: (a) => (a as { results: Array<Record<string, unknown>> }).results,
    create: createVllmReranker,
    body: (q, d) => ({ model: 'BAAI/bge-reranker-v2-m3', query: q, documents: d }),
  },
  {
    name: 'vllm /score (Qwen3-Reranker prompt)',
    id: 'vllm/qwen3-reranker-0.6b',
    path: '/score',
    base: (url) => url,
    documents: (body) => (body.text_2 as string[]).map((t) => t.slice('<Document>: '.length, t.indexOf('<|im_end|>'))),
    answer: (_, scores) => vllmScoreResponse(scores, { model: 'Qwen/Qwen3-Reranker-0.6B', totalTokens: 40 }),
    list: (a) => (a as { data: Array<Record<string, unknown>> }).data,
    create: createVllmReranker,
    body: (q, d) => ({
      model: 'Qwen/Qwen3-Reranker-0.6B',
      text_1: `<|im_start|>system\nJudge whether the Document meets the requirements based on the Query and the Instruct provided. Note that the answer can only be "yes" or "no".<|im_end|>\n<|im_start|>user\n<Instruct>: Given a web search query, retrieve relevant passages that answer the query\n<Query>: ${q}\n`,
      text_2: d.map((doc) => `<Document>: ${doc}<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n`),
    }),
  },
];

const QUERY = 'sort a list';
const DOCS = ['def f(x): return x', 'def sort(xs): return sorted(xs)', 'pass', 'def g(a, b): return a + b'];

describe.each(CASES)('rerank API $name', (api) => {
  const good = (request: FakeRequest): FakeReply => {
    const docs = api.documents(request.body);
    return { json: api.answer(docs, docs.map(relevance)) };
  };
  const start = async (handler: (request: FakeRequest, n: number) => FakeReply | Promise<FakeReply>) => {
    server = await startFakeServer(handler);
    return server;
  };
  const make = (s: FakeServer, extra: RerankApiOptions = {}, config: string | RerankerConfig = api.id) =>
    Promise.resolve(api.create(config, { apiKey: KEY, baseUrl: api.base(s.url), ...extra }));

  it('sends the documented request and ranks by the returned scores when results come sorted by score', async () => {
    const s = await start(good);
    const reranker = await make(s);
    const hits = await reranker.rerank(QUERY, DOCS);
    expect(s.requests[0]?.path).toBe(api.path);
    expect(s.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(s.requests[0]?.body).toEqual(api.body(QUERY, DOCS));
    expect(hits.map((h) => h.index)).toEqual([1, 3, 0, 2]);
    for (const hit of hits) expect(hit.rawScore).toBeCloseTo(relevance(DOCS[hit.index] as string), 12);
    expect(reranker.usage()).toMatchObject({ calls: 1, requests: 1, retries: 0, documents: 4 });
  });

  it('retries after Retry-After when the server answers 429', async () => {
    const s = await start((r, n) =>
      n === 0 ? { status: 429, headers: { 'retry-after': '1' }, json: { message: 'slow down' } } : good(r),
    );
    const { sleep, delays } = recordingSleep();
    const reranker = await make(s, { sleep });
    const hits = await reranker.rerank(QUERY, DOCS);
    expect(hits).toHaveLength(4);
    expect(delays).toEqual([1000]);
    expect(reranker.usage().retries).toBe(1);
  });

  it('gives up with server after every attempt when the server answers 503', async () => {
    const s = await start(() => ({ status: 503, json: { message: 'overloaded' } }));
    const { sleep } = recordingSleep();
    const reranker = await make(s, { sleep, maxRetries: 2 });
    const error = await reranker.rerank(QUERY, DOCS).catch((e: unknown) => e);
    expect(RerankersError.is(error) && error.code).toBe('server');
    expect(httpFailure(error)).toMatchObject({ status: 503, attempts: 3 });
    expect(s.requests).toHaveLength(3);
  });

  it('times out and retries when the server hangs', async () => {
    const s = await start((r, n) => (n === 0 ? 'hang' : good(r)));
    const { sleep } = recordingSleep();
    const reranker = await make(s, { sleep, timeoutMs: 200 });
    await expect(reranker.rerank(QUERY, DOCS)).resolves.toHaveLength(4);
    expect(s.requests).toHaveLength(2);
  });

  it.each([
    ['truncated JSON', (): FakeReply => ({ raw: '{"results":[{"index":0,"relevance_sc' })],
    [
      'a wrong count',
      (r: FakeRequest): FakeReply => {
        const answer = good(r) as { json: unknown };
        api.list(answer.json).pop();
        return answer;
      },
    ],
    [
      'an out-of-range index',
      (r: FakeRequest): FakeReply => {
        const answer = good(r) as { json: unknown };
        (api.list(answer.json)[0] as Record<string, unknown>).index = 99;
        return answer;
      },
    ],
  ])('fails with response without retrying when the answer has %s', async (_, reply) => {
    const s = await start((r) => reply(r));
    const reranker = await make(s);
    const error = await reranker.rerank(QUERY, DOCS).catch((e: unknown) => e);
    expect(RerankersError.is(error) && error.code).toBe('response');
    expect(s.requests).toHaveLength(1);
  });

  it('fails with auth at once and never reveals the key when the server answers 401', async () => {
    const s = await start(() => ({ status: 401, json: { message: `invalid api key ${KEY}` } }));
    const reranker = await make(s);
    const error = (await reranker.rerank(QUERY, DOCS).catch((e: unknown) => e)) as RerankersError;
    expect(RerankersError.is(error) && error.code).toBe('auth');
    expect(s.requests).toHaveLength(1);
    expect(
      `${error.message} ${String((error.cause as Error | undefined)?.message)} ${JSON.stringify(error)}`,
    ).not.toContain(KEY);
    expect(JSON.stringify(reranker.info)).not.toContain(KEY);
  });

  it('splits into requests of at most maxDocumentsPerRequest and merges them in input order when there are more documents', async () => {
    const s = await start(good);
    const config = { ...getRerankerConfig(api.id), maxDocumentsPerRequest: 3 };
    const reranker = await make(s, { concurrency: 2 }, config);
    const docs = Array.from({ length: 7 }, (_, i) => `doc ${'x'.repeat(i * 3)} ${i}`);
    const hits = await reranker.rerank(QUERY, docs);
    expect(s.requests.map((r) => api.documents(r.body).length).sort()).toEqual([1, 3, 3]);
    expect(hits.map((h) => h.index)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(reranker.usage().requests).toBe(3);
  });

  it('keeps the only candidate when given one', async () => {
    const s = await start(good);
    const reranker = await make(s);
    expect((await reranker.rerank(QUERY, ['pass'], { topN: 1 })).map((h) => h.index)).toEqual([0]);
  });
});

describe('createCohereReranker', () => {
  it('records search units and their list-price cost when Cohere bills them', async () => {
    server = await startFakeServer((r) => ({
      json: {
        id: 'x',
        results: (r.body.documents as string[]).map((_, index) => ({ index, relevance_score: 0.5 - index / 10 })),
        meta: { billed_units: { search_units: 2 } },
      },
    }));
    const reranker = await createCohereReranker('cohere/rerank-v3.5', { apiKey: KEY, baseUrl: server.url });
    await reranker.rerank(QUERY, DOCS);
    expect(reranker.usage()).toMatchObject({ searchUnits: 2, costUsd: 0.004 });
  });

  it('fails with auth at creation when no key is given', async () => {
    const error = await createCohereReranker('cohere/rerank-v3.5', {}).catch((e: unknown) => e);
    expect(RerankersError.is(error) && error.code).toBe('auth');
  });
});

describe('createVoyageReranker', () => {
  it('records the reported tokens and their list-price cost when Voyage answers', async () => {
    server = await startFakeServer((r) => ({
      json: {
        data: (r.body.documents as string[]).map((_, index) => ({ index, relevance_score: index })),
        usage: { total_tokens: 1000 },
      },
    }));
    const reranker = createVoyageReranker('voyage/rerank-2.5-lite', { apiKey: KEY, baseUrl: server.url });
    await reranker.rerank(QUERY, DOCS);
    expect(reranker.usage()).toMatchObject({ inputTokens: 1000, tokensEstimated: false });
    expect(reranker.usage().costUsd).toBeCloseTo(0.00002, 12);
  });
});

describe('createTeiReranker', () => {
  it('throws TypeError when no baseUrl is given for a self-hosted server', () => {
    expect(() => createTeiReranker('tei/bge-reranker-base')).toThrow(TypeError);
  });
});
