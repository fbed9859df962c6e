import { EmbeddersError } from './errors.js';
import { PROVIDER_ACCESS } from './provider-access.js';
import type { ModelConfig, Prefixes, TaskTypes } from './types.js';

/*
 * Every configuration the toolkit can run, one entry per provider-native setting. Each setting carries a
 * source link in `sources`. Prices are the published list prices for input tokens at `asOf`; they change,
 * so reports should print the date next to any cost.
 */

const NO_PREFIX: Prefixes = { query: '', document: '' };
const NO_TASK: TaskTypes = { query: null, document: null };

/** Task description Qwen3-Embedding's model card uses for retrieval queries (its sentence-transformers `query` prompt). */
const QWEN3_RETRIEVAL_TASK = 'Given a web search query, retrieve relevant passages that answer the query';

/**
 * Builds the Qwen3-Embedding query prefix: `Instruct: <task>\nQuery:` (no space after `Query:`, as in the
 * model card's `get_detailed_instruct`). Documents get no instruction.
 *
 * @example
 * qwen3QueryPrefix('Given a code search query, retrieve relevant code');
 * // 'Instruct: Given a code search query, retrieve relevant code\nQuery:'
 */
export function qwen3QueryPrefix(task: string): string {
  return `Instruct: ${task}\nQuery:`;
}

const GEMINI_DOCS = 'https://ai.google.dev/gemini-api/docs/embeddings';
const GEMINI_BATCH = 'https://ai.google.dev/api/embeddings#method:-models.batchembedcontents';
const GEMINI_PRICING = 'https://ai.google.dev/gemini-api/docs/pricing';
const OPENAI_GUIDE = 'https://platform.openai.com/docs/guides/embeddings';
const OPENAI_API = 'https://platform.openai.com/docs/api-reference/embeddings/create';
const OPENAI_PRICING = 'https://platform.openai.com/docs/pricing';
const MISTRAL_DOCS = 'https://docs.mistral.ai/capabilities/embeddings/';
const MISTRAL_API = 'https://docs.mistral.ai/api/endpoint/embeddings';
const MISTRAL_PRICING = 'https://mistral.ai/pricing#api-pricing';
const VOYAGE_API = 'https://docs.voyageai.com/reference/embeddings-api';
const VOYAGE_PRICING = 'https://docs.voyageai.com/docs/pricing';
const VLLM_POOLING = 'https://docs.vllm.ai/en/latest/models/pooling_models.html';
const TRANSFORMERS_JS = 'https://huggingface.co/docs/transformers.js/api/pipelines#pipelinesfeatureextractionpipeline';

function gemini(
  name: string,
  extra: Pick<ModelConfig, 'prefixes' | 'taskTypes' | 'maxTokensPerInput' | 'price' | 'sources'> & { notes: string },
): ModelConfig {
  return {
    id: `gemini/${name}`,
    family: name,
    provider: 'gemini',
    access: PROVIDER_ACCESS.gemini,
    model: name,
    revision: null,
    dims: 3072,
    supportedDims: { kind: 'range', min: 128, max: 3072 },
    similarity: 'cosine',
    normalize: true,
    pooling: 'provider',
    paddingSide: null,
    dtype: 'fp32',
    maxBatch: 100,
    maxTokensPerRequest: null,
    ...extra,
  };
}

function openai(name: string, dims: number, usd: number): ModelConfig {
  return {
    id: `openai/${name}`,
    family: name,
    provider: 'openai',
    access: PROVIDER_ACCESS.openai,
    model: name,
    revision: null,
    dims,
    supportedDims: { kind: 'range', min: 1, max: dims },
    similarity: 'cosine',
    normalize: true,
    prefixes: NO_PREFIX,
    taskTypes: NO_TASK,
    pooling: 'provider',
    paddingSide: null,
    dtype: 'fp32',
    maxBatch: 2048,
    maxTokensPerInput: 8192,
    maxTokensPerRequest: 300_000,
    price: { usdPerMillionTokens: usd, asOf: '2026-04', source: OPENAI_PRICING },
    sources: { model: OPENAI_GUIDE, dims: OPENAI_API, limits: OPENAI_API, normalize: OPENAI_GUIDE },
    notes: 'Vectors are returned unit-length; `dimensions` shortens them server-side.',
  };
}

type SelfHosted = Omit<ModelConfig, 'provider' | 'paddingSide' | 'price' | 'revision' | 'similarity' | 'taskTypes'> &
  Partial<Pick<ModelConfig, 'similarity' | 'taskTypes' | 'revision'>> & { paddingSide: 'left' | 'right' };

function server(entry: SelfHosted): ModelConfig {
  return {
    similarity: 'cosine',
    taskTypes: NO_TASK,
    revision: 'main',
    ...entry,
    provider: 'openai-compatible',
    access: PROVIDER_ACCESS['openai-compatible'],
    price: null,
  };
}

type Local = Omit<
  ModelConfig,
  | 'provider'
  | 'price'
  | 'revision'
  | 'similarity'
  | 'taskTypes'
  | 'maxBatch'
  | 'maxTokensPerRequest'
  | 'supportedDtypes'
  | 'dtype'
> &
  Partial<Pick<ModelConfig, 'similarity' | 'supportedDims'>> & { paddingSide: 'left' | 'right' };

function local(entry: Local): ModelConfig {
  return {
    similarity: 'cosine',
    ...entry,
    provider: 'transformers',
    access: PROVIDER_ACCESS.transformers,
    revision: 'main',
    taskTypes: NO_TASK,
    dtype: 'fp32',
    supportedDtypes: ['fp32', 'fp16', 'q8'],
    maxBatch: 32,
    maxTokensPerRequest: null,
    price: null,
  };
}

const QWEN3_PREFIXES: Prefixes = { query: qwen3QueryPrefix(QWEN3_RETRIEVAL_TASK), document: '' };
const BGE_PREFIXES: Prefixes = { query: 'Represent this sentence for searching relevant passages: ', document: '' };
const E5_PREFIXES: Prefixes = { query: 'query: ', document: 'passage: ' };
const NOMIC_CODE_PREFIXES: Prefixes = { query: 'Represent this query for searching relevant code: ', document: '' };
const JINA_CODE_PREFIXES: Prefixes = {
  query: 'Find the most relevant code snippet given the following query:\n',
  document: 'Candidate code snippet:\n',
};

function qwen3Server(size: '0.6b' | '4b' | '8b', dims: number, dtype: 'bf16' | 'fp16'): ModelConfig {
  const repo = `Qwen/Qwen3-Embedding-${size.toUpperCase()}`;
  const card = `https://huggingface.co/${repo}`;
  return server({
    id: `openai-compatible/qwen3-embedding-${size}${dtype === 'fp16' ? '-fp16' : ''}`,
    family: 'qwen3-embedding',
    model: repo,
    dims,
    supportedDims: { kind: 'range', min: 32, max: dims },
    normalize: true,
    prefixes: QWEN3_PREFIXES,
    pooling: 'last-token',
    paddingSide: 'left',
    dtype,
    maxBatch: 64,
    maxTokensPerInput: 32_768,
    maxTokensPerRequest: null,
    sources: { model: card, prefixes: card, pooling: card, dims: card, server: VLLM_POOLING },
    notes:
      `Serve with e.g. \`vllm serve ${repo} --task embed --dtype ${dtype === 'bf16' ? 'bfloat16' : 'float16'}\`; ` +
      'the server pools the last token and normalises; the instruction is added here, to queries only.',
  });
}

/**
 * The registry, in display order. Ids are lowercase and unique.
 */
export const MODEL_REGISTRY: readonly ModelConfig[] = [
  gemini('gemini-embedding-001', {
    prefixes: NO_PREFIX,
    taskTypes: { query: 'CODE_RETRIEVAL_QUERY', document: 'RETRIEVAL_DOCUMENT' },
    maxTokensPerInput: 2048,
    price: { usdPerMillionTokens: 0.15, asOf: '2026-04', source: GEMINI_PRICING },
    sources: {
      model: 'https://ai.google.dev/gemini-api/docs/models/gemini-embedding-001',
      taskTypes: `${GEMINI_DOCS}#supported-task-types`,
      dims: `${GEMINI_DOCS}#control-embedding-size`,
      normalize: `${GEMINI_DOCS}#ensuring-quality-for-smaller-dimensions`,
      limits: GEMINI_BATCH,
    },
    notes: 'Only the 3072-dimension output is unit-length; shorter outputs are re-normalised here.',
  }),
  gemini('gemini-embedding-2', {
    prefixes: { query: 'task: code retrieval | query: ', document: 'title: none | text: ' },
    taskTypes: NO_TASK,
    maxTokensPerInput: 8192,
    price: { usdPerMillionTokens: 0.2, asOf: '2026-04', source: GEMINI_PRICING },
    sources: {
      model: GEMINI_DOCS,
      prefixes: `${GEMINI_DOCS}#task-types`,
      dims: `${GEMINI_DOCS}#control-embedding-size`,
      limits: GEMINI_BATCH,
    },
    notes: 'Takes no task type: the task is written into the text (asymmetric code-retrieval format).',
  }),
  openai('text-embedding-3-small', 1536, 0.02),
  openai('text-embedding-3-large', 3072, 0.13),
  {
    id: 'mistral/mistral-embed',
    family: 'mistral-embed',
    provider: 'mistral',
    access: PROVIDER_ACCESS.mistral,
    model: 'mistral-embed',
    revision: null,
    dims: 1024,
    similarity: 'cosine',
    normalize: true,
    prefixes: NO_PREFIX,
    taskTypes: NO_TASK,
    pooling: 'provider',
    paddingSide: null,
    dtype: 'fp32',
    maxBatch: 256,
    maxTokensPerInput: 8192,
    maxTokensPerRequest: null,
    price: { usdPerMillionTokens: 0.1, asOf: '2026-04', source: MISTRAL_PRICING },
    sources: { model: MISTRAL_DOCS, limits: MISTRAL_API },
  },
  {
    id: 'mistral/codestral-embed',
    family: 'codestral-embed',
    provider: 'mistral',
    access: PROVIDER_ACCESS.mistral,
    model: 'codestral-embed',
    revision: null,
    dims: 1536,
    supportedDims: { kind: 'range', min: 1, max: 3072 },
    similarity: 'cosine',
    normalize: true,
    prefixes: NO_PREFIX,
    taskTypes: NO_TASK,
    pooling: 'provider',
    paddingSide: null,
    dtype: 'fp32',
    supportedDtypes: ['fp32', 'int8', 'uint8'],
    maxBatch: 256,
    maxTokensPerInput: 8192,
    maxTokensPerRequest: null,
    price: { usdPerMillionTokens: 0.15, asOf: '2026-04', source: MISTRAL_PRICING },
    sources: {
      model: 'https://docs.mistral.ai/capabilities/embeddings/code_embeddings/',
      dims: MISTRAL_API,
      dtype: MISTRAL_API,
      limits: MISTRAL_API,
    },
    notes:
      'Sends `output_dimension` and `output_dtype`; integer dtypes are returned as float32 values, not normalised.',
  },
  {
    id: 'voyage/voyage-code-3',
    family: 'voyage-code-3',
    provider: 'voyage',
    access: PROVIDER_ACCESS.voyage,
    model: 'voyage-code-3',
    revision: null,
    dims: 1024,
    supportedDims: { kind: 'list', values: [256, 512, 1024, 2048] },
    similarity: 'cosine',
    normalize: true,
    prefixes: NO_PREFIX,
    taskTypes: { query: 'query', document: 'document' },
    pooling: 'provider',
    paddingSide: null,
    dtype: 'fp32',
    supportedDtypes: ['fp32', 'int8', 'uint8'],
    maxBatch: 1000,
    maxTokensPerInput: 32_000,
    maxTokensPerRequest: 120_000,
    price: { usdPerMillionTokens: 0.18, asOf: '2026-04', source: VOYAGE_PRICING },
    sources: { model: VOYAGE_API, taskTypes: VOYAGE_API, dims: VOYAGE_API, limits: VOYAGE_API },
    notes:
      'input_type makes the server prepend "Represent the query for retrieving supporting documents: " or ' +
      '"Represent the document for retrieval: ".',
  },
  qwen3Server('0.6b', 1024, 'bf16'),
  qwen3Server('4b', 2560, 'bf16'),
  qwen3Server('8b', 4096, 'bf16'),
  qwen3Server('0.6b', 1024, 'fp16'),
  qwen3Server('4b', 2560, 'fp16'),
  qwen3Server('8b', 4096, 'fp16'),
  ...(['0.5b', '1.5b'] as const).map((size) =>
    server({
      id: `openai-compatible/jina-code-embeddings-${size}`,
      family: 'jina-code-embeddings',
      model: `jinaai/jina-code-embeddings-${size}`,
      dims: size === '0.5b' ? 896 : 1536,
      normalize: true,
      prefixes: JINA_CODE_PREFIXES,
      pooling: 'last-token',
      paddingSide: 'left',
      dtype: 'bf16',
      maxBatch: 64,
      maxTokensPerInput: 32_768,
      maxTokensPerRequest: null,
      sources: {
        model: `https://huggingface.co/jinaai/jina-code-embeddings-${size}`,
        prefixes: 'https://arxiv.org/abs/2508.21290',
        pooling: 'https://arxiv.org/abs/2508.21290',
        server: VLLM_POOLING,
      },
      notes: 'nl2code task prefixes for queries and documents; last-token pooling on a Qwen2.5-Coder backbone.',
    }),
  ),
  server({
    id: 'openai-compatible/nomic-embed-code',
    family: 'nomic-embed-code',
    model: 'nomic-ai/nomic-embed-code',
    dims: 3584,
    normalize: true,
    prefixes: NOMIC_CODE_PREFIXES,
    pooling: 'last-token',
    paddingSide: 'left',
    dtype: 'bf16',
    maxBatch: 32,
    maxTokensPerInput: 32_768,
    maxTokensPerRequest: null,
    sources: {
      model: 'https://huggingface.co/nomic-ai/nomic-embed-code',
      prefixes: 'https://huggingface.co/nomic-ai/nomic-embed-code',
      server: VLLM_POOLING,
    },
  }),
  server({
    id: 'openai-compatible/coderankembed',
    family: 'coderankembed',
    model: 'nomic-ai/CodeRankEmbed',
    dims: 768,
    normalize: true,
    prefixes: NOMIC_CODE_PREFIXES,
    pooling: 'cls',
    paddingSide: 'right',
    dtype: 'fp32',
    maxBatch: 64,
    maxTokensPerInput: 8192,
    maxTokensPerRequest: null,
    sources: {
      model: 'https://huggingface.co/nomic-ai/CodeRankEmbed',
      prefixes: 'https://huggingface.co/nomic-ai/CodeRankEmbed',
    },
    notes: 'Serve with text-embeddings-inference or sentence-transformers behind an OpenAI-compatible route.',
  }),
  local({
    id: 'local/all-minilm-l6-v2',
    family: 'all-minilm',
    model: 'Xenova/all-MiniLM-L6-v2',
    dims: 384,
    normalize: true,
    prefixes: NO_PREFIX,
    pooling: 'mean',
    paddingSide: 'right',
    maxTokensPerInput: 256,
    sources: {
      model: 'https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2',
      onnx: 'https://huggingface.co/Xenova/all-MiniLM-L6-v2',
      runtime: TRANSFORMERS_JS,
    },
  }),
  local({
    id: 'local/paraphrase-minilm-l6-v2',
    family: 'paraphrase-minilm',
    model: 'Xenova/paraphrase-MiniLM-L6-v2',
    dims: 384,
    normalize: false,
    prefixes: NO_PREFIX,
    pooling: 'mean',
    paddingSide: 'right',
    maxTokensPerInput: 128,
    sources: {
      model: 'https://huggingface.co/sentence-transformers/paraphrase-MiniLM-L6-v2',
      onnx: 'https://huggingface.co/Xenova/paraphrase-MiniLM-L6-v2',
      runtime: TRANSFORMERS_JS,
    },
    notes: 'The sentence-transformers pipeline has no Normalize module; rank with cosine.',
  }),
  ...(['base', 'large'] as const).map((size) =>
    local({
      id: `local/bge-${size}-en-v1.5`,
      family: 'bge-en-v1.5',
      model: `Xenova/bge-${size}-en-v1.5`,
      dims: size === 'base' ? 768 : 1024,
      normalize: true,
      prefixes: BGE_PREFIXES,
      pooling: 'cls',
      paddingSide: 'right',
      maxTokensPerInput: 512,
      sources: {
        model: `https://huggingface.co/BAAI/bge-${size}-en-v1.5`,
        prefixes: `https://huggingface.co/BAAI/bge-${size}-en-v1.5#using-sentence-transformers`,
        onnx: `https://huggingface.co/Xenova/bge-${size}-en-v1.5`,
        runtime: TRANSFORMERS_JS,
      },
    }),
  ),
  local({
    id: 'local/e5-large-v2',
    family: 'e5-v2',
    model: 'Xenova/e5-large-v2',
    dims: 1024,
    normalize: true,
    prefixes: E5_PREFIXES,
    pooling: 'mean',
    paddingSide: 'right',
    maxTokensPerInput: 512,
    sources: {
      model: 'https://huggingface.co/intfloat/e5-large-v2',
      prefixes: 'https://huggingface.co/intfloat/e5-large-v2#faq',
      onnx: 'https://huggingface.co/Xenova/e5-large-v2',
      runtime: TRANSFORMERS_JS,
    },
  }),
  ...(['base', 'large'] as const).map((size) =>
    local({
      id: `local/gte-${size}`,
      family: 'gte',
      model: `Xenova/gte-${size}`,
      dims: size === 'base' ? 768 : 1024,
      normalize: true,
      prefixes: NO_PREFIX,
      pooling: 'mean',
      paddingSide: 'right',
      maxTokensPerInput: 512,
      sources: {
        model: `https://huggingface.co/thenlper/gte-${size}`,
        onnx: `https://huggingface.co/Xenova/gte-${size}`,
        runtime: TRANSFORMERS_JS,
      },
    }),
  ),
  local({
    id: 'local/multi-qa-mpnet-base-dot-v1',
    family: 'multi-qa-mpnet',
    model: 'Xenova/multi-qa-mpnet-base-dot-v1',
    dims: 768,
    similarity: 'dot',
    normalize: false,
    prefixes: NO_PREFIX,
    pooling: 'cls',
    paddingSide: 'right',
    maxTokensPerInput: 512,
    sources: {
      model: 'https://huggingface.co/sentence-transformers/multi-qa-mpnet-base-dot-v1',
      onnx: 'https://huggingface.co/Xenova/multi-qa-mpnet-base-dot-v1',
      runtime: TRANSFORMERS_JS,
    },
    notes: 'Trained for dot-product scoring: vectors are not normalised.',
  }),
  local({
    id: 'local/qwen3-embedding-0.6b',
    family: 'qwen3-embedding',
    model: 'onnx-community/Qwen3-Embedding-0.6B-ONNX',
    dims: 1024,
    supportedDims: { kind: 'range', min: 32, max: 1024 },
    normalize: true,
    prefixes: QWEN3_PREFIXES,
    pooling: 'last-token',
    paddingSide: 'left',
    maxTokensPerInput: 8192,
    sources: {
      model: 'https://huggingface.co/Qwen/Qwen3-Embedding-0.6B',
      prefixes: 'https://huggingface.co/Qwen/Qwen3-Embedding-0.6B',
      pooling: 'https://huggingface.co/Qwen/Qwen3-Embedding-0.6B',
      onnx: 'https://huggingface.co/onnx-community/Qwen3-Embedding-0.6B-ONNX',
      runtime: TRANSFORMERS_JS,
    },
    notes: 'Decoder model: last-token pooling over a left-padded batch; shorter dims truncate then re-normalise.',
  }),
];

/**
 * Every registry entry, in display order.
 *
 * @example
 * listModels().map((m) => m.id).includes('openai/text-embedding-3-large'); // true
 */
export function listModels(): readonly ModelConfig[] {
  return MODEL_REGISTRY;
}

/**
 * The registry entry of `modelId` (matched case-insensitively).
 *
 * @throws EmbeddersError `unknown-model` listing the known ids.
 * @example
 * getModelConfig('local/bge-large-en-v1.5').pooling; // 'cls'
 */
export function getModelConfig(modelId: string): ModelConfig {
  const wanted = modelId.toLowerCase();
  const found = MODEL_REGISTRY.find((entry) => entry.id === wanted);
  if (found === undefined) {
    throw new EmbeddersError(
      'unknown-model',
      `@execret/embedders registry: unknown model "${modelId}"; known models: ${MODEL_REGISTRY.map((m) => m.id).join(', ')}`,
    );
  }
  return found;
}
