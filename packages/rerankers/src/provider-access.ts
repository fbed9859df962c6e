import { DEFAULT_OPENAI_BASE_URL, type ProviderAccess } from '@execret/http';
import type { RerankerProvider } from './types.js';

/**
 * What each provider needs before use (`@execret/http`'s `ProviderAccess`): a hosted rerank API's key, a
 * self-hosted server's base URL (and its optional key), OpenAI's chat endpoint or another OpenAI-compatible one, or
 * nothing for local weights and for fusions (which combine rerankers made already). Every registry entry carries
 * its provider's.
 */
export const PROVIDER_ACCESS: Readonly<Record<RerankerProvider, ProviderAccess>> = {
  transformers: { kind: 'local' },
  cohere: { kind: 'api-key', keyVariable: 'COHERE_API_KEY' },
  voyage: { kind: 'api-key', keyVariable: 'VOYAGE_API_KEY' },
  jina: { kind: 'api-key', keyVariable: 'JINA_API_KEY' },
  mixedbread: { kind: 'api-key', keyVariable: 'MIXEDBREAD_API_KEY' },
  tei: { kind: 'server', urlVariable: 'EXECRET_TEI_BASE_URL', keyVariable: 'EXECRET_TEI_API_KEY' },
  vllm: { kind: 'server', urlVariable: 'EXECRET_VLLM_BASE_URL', keyVariable: 'EXECRET_VLLM_API_KEY' },
  'openai-compatible': {
    kind: 'server',
    urlVariable: 'EXECRET_OPENAI_COMPATIBLE_URL',
    keyVariable: 'OPENAI_API_KEY',
    defaultUrl: DEFAULT_OPENAI_BASE_URL,
  },
  fusion: { kind: 'local' },
};
