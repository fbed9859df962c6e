import type { ProviderAccess } from '@execret/http';
import type { ProviderId } from './types.js';

/**
 * What each provider needs before use (`@execret/http`'s `ProviderAccess`): a hosted API's key, an
 * OpenAI-compatible server's base URL, or nothing for local weights. Every registry entry carries its provider's;
 * a custom `ModelConfig` without `access` gets it here (`resolveEmbedderInfo`).
 */
export const PROVIDER_ACCESS: Readonly<Record<ProviderId, ProviderAccess>> = {
  openai: { kind: 'api-key', keyVariable: 'OPENAI_API_KEY' },
  gemini: { kind: 'api-key', keyVariable: 'GEMINI_API_KEY' },
  mistral: { kind: 'api-key', keyVariable: 'MISTRAL_API_KEY' },
  voyage: { kind: 'api-key', keyVariable: 'VOYAGE_API_KEY' },
  'openai-compatible': { kind: 'server', urlVariable: 'EXECRET_OPENAI_COMPATIBLE_URL' },
  transformers: { kind: 'local' },
};
