import { DEFAULT_OPENAI_BASE_URL, type ProviderAccess } from '@execret/http';
import type { RerankerProvider } from './types.js';

/**
 * What each provider needs before use (`@execret/http`'s `ProviderAccess`): a hosted rerank API's key (and the
 * variable of a base URL that replaces the API's own), a self-hosted server's base URL (and its optional key),
 * OpenAI's chat endpoint or another OpenAI-compatible one, or nothing for local weights and for fusions (which
 * combine rerankers made already). Every registry entry carries its provider's. Public as `RERANKER_PROVIDER_ACCESS`.
 */
export const PROVIDER_ACCESS: Readonly<Record<RerankerProvider, ProviderAccess>> = {
  transformers: { kind: 'local' },
  cohere: { kind: 'api-key', keyVariable: 'COHERE_API_KEY', urlVariable: 'EXECRET_COHERE_BASE_URL' },
  voyage: { kind: 'api-key', keyVariable: 'VOYAGE_API_KEY', urlVariable: 'EXECRET_VOYAGE_BASE_URL' },
  jina: { kind: 'api-key', keyVariable: 'JINA_API_KEY', urlVariable: 'EXECRET_JINA_BASE_URL' },
  mixedbread: { kind: 'api-key', keyVariable: 'MIXEDBREAD_API_KEY', urlVariable: 'EXECRET_MIXEDBREAD_BASE_URL' },
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
