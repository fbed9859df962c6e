import { RerankersError } from './errors.js';
import { PROVIDER_ACCESS } from './provider-access.js';
import type { RerankerConfig } from './types.js';

const HF = 'https://huggingface.co';
const TJS_DTYPE = 'https://huggingface.co/docs/transformers.js/guides/dtypes';
const COHERE_API = 'https://docs.cohere.com/reference/rerank';
const COHERE_PRICE = 'https://cohere.com/pricing';
const VOYAGE_API = 'https://docs.voyageai.com/reference/reranker-api';
const VOYAGE_DOCS = 'https://docs.voyageai.com/docs/reranker';
const VOYAGE_PRICE = 'https://docs.voyageai.com/docs/pricing';
const JINA_API = 'https://jina.ai/reranker/';
const MXBAI_API = 'https://www.mixedbread.com/api-reference/endpoints/reranking';
const TEI_API = 'https://huggingface.github.io/text-embeddings-inference/';
const VLLM_RERANK = 'https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html#re-rank-api';
const VLLM_SCORE = 'https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html#score-api';
const RANKGPT = 'https://arxiv.org/abs/2304.09542';
const PRP = 'https://arxiv.org/abs/2306.17563';

/** The instruction Qwen3-Reranker's model card uses when none is given. */
export const QWEN3_RERANKER_DEFAULT_INSTRUCTION =
  'Given a web search query, retrieve relevant passages that answer the query';

function crossEncoder(
  id: string,
  model: string,
  card: string,
  maxLength: number,
  maxLengthSource: string,
  notes?: string,
): RerankerConfig {
  return {
    id,
    provider: 'transformers',
    access: PROVIDER_ACCESS.transformers,
    method: 'cross-encoder',
    model,
    revision: null,
    instruction: null,
    truncation: 'end',
    maxLength,
    dtype: 'fp32',
    maxDocumentsPerRequest: 16,
    maxTokensPerRequest: null,
    pointwise: true,
    params: {},
    price: null,
    sources: {
      model: card,
      onnx: `${HF}/${model}`,
      maxLength: maxLengthSource,
      truncation: `${HF}/docs/transformers/main_classes/tokenizer`,
      dtype: TJS_DTYPE,
    },
    ...(notes === undefined ? {} : { notes }),
  };
}

function qwen3(size: '0.6B' | '4B' | '8B'): RerankerConfig {
  const card = `${HF}/Qwen/Qwen3-Reranker-${size}`;
  return {
    id: `vllm/qwen3-reranker-${size.toLowerCase()}`,
    provider: 'vllm',
    access: PROVIDER_ACCESS.vllm,
    method: 'yes-no',
    model: `Qwen/Qwen3-Reranker-${size}`,
    revision: null,
    instruction: QWEN3_RERANKER_DEFAULT_INSTRUCTION,
    truncation: 'provider',
    maxLength: 8192,
    dtype: 'provider',
    maxDocumentsPerRequest: 64,
    maxTokensPerRequest: null,
    pointwise: true,
    params: { endpoint: 'score', template: 'qwen3-reranker' },
    price: null,
    sources: {
      model: card,
      instruction: card,
      template: card,
      maxLength: card,
      endpoint: VLLM_SCORE,
      truncation: VLLM_SCORE,
      dtype: VLLM_SCORE,
      maxDocumentsPerRequest: VLLM_SCORE,
    },
    notes:
      'Serve with `vllm serve Qwen/Qwen3-Reranker-' +
      size +
      ' --task score --hf_overrides \'{"architectures":["Qwen3ForSequenceClassification"],"classifier_from_token":["no","yes"],"is_original_qwen3_reranker":true}\'`: vLLM then returns sigmoid(logit(yes) − logit(no)) = P(yes | yes or no). The prompt (system line, <Instruct>/<Query>/<Document>, empty think block) is written here, as on the model card. 64 documents per request is this library\'s choice, not a vLLM limit.',
  };
}

function llm(id: string, method: 'llm-pointwise' | 'llm-listwise' | 'llm-pairwise', params: Record<string, unknown>) {
  const source = method === 'llm-listwise' ? RANKGPT : PRP;
  const config: RerankerConfig = {
    id,
    provider: 'openai-compatible',
    access: PROVIDER_ACCESS['openai-compatible'],
    method,
    model: 'gpt-4.1-mini',
    revision: null,
    instruction: null,
    truncation: 'end',
    maxLength: 2048,
    dtype: 'provider',
    maxDocumentsPerRequest: null,
    maxTokensPerRequest: null,
    pointwise: method === 'llm-pointwise',
    params: { temperature: 0, ...params },
    price: null,
    sources: {
      model: 'https://platform.openai.com/docs/models',
      method: source,
      prompt: source,
      maxLength: source,
      truncation: source,
      dtype: 'https://platform.openai.com/docs/api-reference/chat',
    },
    notes:
      "Any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, ...): pass `model` and `baseUrl`. maxLength is this library's cut of each document, in estimated tokens (3 UTF-8 bytes per token); the prompt is in the package README.",
  };
  return config;
}

/** Every registered reranker, in documentation order. */
export const RERANKER_REGISTRY: readonly RerankerConfig[] = [
  crossEncoder(
    'local/ms-marco-minilm-l-6-v2',
    'Xenova/ms-marco-MiniLM-L-6-v2',
    `${HF}/cross-encoder/ms-marco-MiniLM-L-6-v2`,
    512,
    `${HF}/cross-encoder/ms-marco-MiniLM-L-6-v2`,
  ),
  crossEncoder(
    'local/bge-reranker-base',
    'Xenova/bge-reranker-base',
    `${HF}/BAAI/bge-reranker-base`,
    512,
    `${HF}/BAAI/bge-reranker-base`,
  ),
  crossEncoder(
    'local/bge-reranker-v2-m3',
    'onnx-community/bge-reranker-v2-m3-ONNX',
    `${HF}/BAAI/bge-reranker-v2-m3`,
    512,
    `${HF}/BAAI/bge-reranker-v2-m3`,
    "512 is FlagReranker's default max_length on the model card (the model accepts up to 8192; pass maxLength to change it, the hash changes).",
  ),
  crossEncoder(
    'local/mxbai-rerank-xsmall-v1',
    'mixedbread-ai/mxbai-rerank-xsmall-v1',
    `${HF}/mixedbread-ai/mxbai-rerank-xsmall-v1`,
    512,
    'https://www.mixedbread.com/docs/reranking/models/mxbai-rerank-xsmall-v1',
  ),
  crossEncoder(
    'local/mxbai-rerank-base-v1',
    'mixedbread-ai/mxbai-rerank-base-v1',
    `${HF}/mixedbread-ai/mxbai-rerank-base-v1`,
    512,
    'https://www.mixedbread.com/docs/reranking/models/mxbai-rerank-base-v1',
  ),
  crossEncoder(
    'local/jina-reranker-v1-turbo-en',
    'jinaai/jina-reranker-v1-turbo-en',
    `${HF}/jinaai/jina-reranker-v1-turbo-en`,
    8192,
    `${HF}/jinaai/jina-reranker-v1-turbo-en`,
  ),
  crossEncoder(
    'local/gte-reranker-modernbert-base',
    'Alibaba-NLP/gte-reranker-modernbert-base',
    `${HF}/Alibaba-NLP/gte-reranker-modernbert-base`,
    8192,
    `${HF}/Alibaba-NLP/gte-reranker-modernbert-base`,
  ),
  ...(['rerank-v3.5', 'rerank-english-v3.0', 'rerank-multilingual-v3.0'] as const).map(
    (model): RerankerConfig => ({
      id: `cohere/${model}`,
      provider: 'cohere',
      access: PROVIDER_ACCESS.cohere,
      method: 'rerank-api',
      model,
      revision: null,
      instruction: null,
      truncation: 'provider',
      maxLength: 4096,
      dtype: 'provider',
      maxDocumentsPerRequest: 1000,
      maxTokensPerRequest: null,
      pointwise: true,
      params: {},
      price: { usdPerMillionTokens: null, usdPerSearchUnit: 0.002, asOf: '2025-06' },
      sources: {
        model: COHERE_API,
        maxLength: COHERE_API,
        truncation: COHERE_API,
        dtype: COHERE_API,
        maxDocumentsPerRequest: COHERE_API,
        price: COHERE_PRICE,
      },
      notes:
        'POST /v2/rerank through the cohere-ai SDK. max_tokens_per_doc defaults to 4096 (longer documents are truncated by Cohere); at most 1,000 documents per request are recommended. One search unit = one query with up to 100 documents.',
    }),
  ),
  ...(
    [
      ['rerank-2.5', 0.05],
      ['rerank-2.5-lite', 0.02],
    ] as const
  ).map(
    ([model, usd]): RerankerConfig => ({
      id: `voyage/${model}`,
      provider: 'voyage',
      access: PROVIDER_ACCESS.voyage,
      method: 'rerank-api',
      model,
      revision: null,
      instruction: null,
      truncation: 'provider',
      maxLength: 32_000,
      dtype: 'provider',
      maxDocumentsPerRequest: 1000,
      maxTokensPerRequest: 600_000,
      pointwise: true,
      params: {},
      price: { usdPerMillionTokens: usd, usdPerSearchUnit: null, asOf: '2025-08' },
      sources: {
        model: VOYAGE_DOCS,
        maxLength: VOYAGE_DOCS,
        truncation: VOYAGE_API,
        dtype: VOYAGE_API,
        maxDocumentsPerRequest: VOYAGE_API,
        maxTokensPerRequest: VOYAGE_API,
        price: VOYAGE_PRICE,
      },
      notes:
        'POST /v1/rerank with truncation: true (query and documents cut to the context length by Voyage). The request token total counts the query once per document: query tokens × documents + document tokens <= 600,000.',
    }),
  ),
  {
    id: 'jina/jina-reranker-v2-base-multilingual',
    provider: 'jina',
    access: PROVIDER_ACCESS.jina,
    method: 'rerank-api',
    model: 'jina-reranker-v2-base-multilingual',
    revision: null,
    instruction: null,
    truncation: 'provider',
    maxLength: 1024,
    dtype: 'provider',
    maxDocumentsPerRequest: null,
    maxTokensPerRequest: null,
    pointwise: true,
    params: {},
    price: null,
    sources: {
      model: `${HF}/jinaai/jina-reranker-v2-base-multilingual`,
      maxLength: `${HF}/jinaai/jina-reranker-v2-base-multilingual`,
      truncation: JINA_API,
      dtype: JINA_API,
    },
    notes: 'POST /v1/rerank. Jina bills tokens from a prepaid balance; no per-token list price is recorded here.',
  },
  {
    id: 'mixedbread/mxbai-rerank-large-v2',
    provider: 'mixedbread',
    access: PROVIDER_ACCESS.mixedbread,
    method: 'rerank-api',
    model: 'mixedbread-ai/mxbai-rerank-large-v2',
    revision: null,
    instruction: null,
    truncation: 'provider',
    maxLength: 8192,
    dtype: 'provider',
    maxDocumentsPerRequest: null,
    maxTokensPerRequest: null,
    pointwise: true,
    params: {},
    price: null,
    sources: {
      model: `${HF}/mixedbread-ai/mxbai-rerank-large-v2`,
      maxLength: `${HF}/mixedbread-ai/mxbai-rerank-large-v2`,
      truncation: MXBAI_API,
      dtype: MXBAI_API,
    },
    notes:
      'POST /v1/reranking with { model, query, input }; documents over the token limit are truncated by Mixedbread.',
  },
  {
    id: 'tei/bge-reranker-base',
    provider: 'tei',
    access: PROVIDER_ACCESS.tei,
    method: 'rerank-api',
    model: 'BAAI/bge-reranker-base',
    revision: null,
    instruction: null,
    truncation: 'provider',
    maxLength: 512,
    dtype: 'provider',
    maxDocumentsPerRequest: 32,
    maxTokensPerRequest: null,
    pointwise: true,
    params: { rawScores: true },
    price: null,
    sources: {
      model: `${HF}/BAAI/bge-reranker-base`,
      maxLength: `${HF}/BAAI/bge-reranker-base`,
      truncation: TEI_API,
      dtype: TEI_API,
      maxDocumentsPerRequest: TEI_API,
      rawScores: TEI_API,
    },
    notes:
      'Self-hosted: `text-embeddings-router --model-id BAAI/bge-reranker-base`. POST /rerank with raw_scores: true (logits, not sigmoid) and truncate: true; 32 is the server default --max-client-batch-size. The server decides the model: `model` is recorded, not sent.',
  },
  {
    id: 'vllm/bge-reranker-v2-m3',
    provider: 'vllm',
    access: PROVIDER_ACCESS.vllm,
    method: 'rerank-api',
    model: 'BAAI/bge-reranker-v2-m3',
    revision: null,
    instruction: null,
    truncation: 'provider',
    maxLength: 8192,
    dtype: 'provider',
    maxDocumentsPerRequest: 64,
    maxTokensPerRequest: null,
    pointwise: true,
    params: { endpoint: 'rerank' },
    price: null,
    sources: {
      model: `${HF}/BAAI/bge-reranker-v2-m3`,
      maxLength: `${HF}/BAAI/bge-reranker-v2-m3`,
      endpoint: VLLM_RERANK,
      truncation: VLLM_RERANK,
      dtype: VLLM_RERANK,
      maxDocumentsPerRequest: VLLM_RERANK,
    },
    notes:
      "Self-hosted: `vllm serve BAAI/bge-reranker-v2-m3 --task score`; POST /rerank (Jina/Cohere-compatible). 64 documents per request is this library's choice.",
  },
  qwen3('0.6B'),
  qwen3('4B'),
  qwen3('8B'),
  llm('openai-compatible/pointwise-yes-no', 'llm-pointwise', { logprobs: true }),
  llm('openai-compatible/listwise-rankgpt', 'llm-listwise', { windowSize: 20, step: 10 }),
  llm('openai-compatible/pairwise-both-orders', 'llm-pairwise', {}),
];

/**
 * Every registry entry, in documentation order.
 *
 * @example
 * listRerankers().map((c) => c.id).includes('cohere/rerank-v3.5'); // true
 */
export function listRerankers(): readonly RerankerConfig[] {
  return RERANKER_REGISTRY;
}

/**
 * The registry entry of `id`.
 *
 * @throws {RerankersError} `unknown-reranker`, listing the known ids
 * @example
 * getRerankerConfig('voyage/rerank-2.5').maxDocumentsPerRequest; // 1000
 */
export function getRerankerConfig(id: string): RerankerConfig {
  const found = RERANKER_REGISTRY.find((c) => c.id === id);
  if (found === undefined) {
    throw new RerankersError(
      'unknown-reranker',
      `@execret/rerankers registry: unknown reranker ${JSON.stringify(id)}; known: ${RERANKER_REGISTRY.map((c) => c.id).join(', ')}`,
    );
  }
  return found;
}
