import type { ProviderAccess } from '@execret/http';
import type { ProviderId } from './types.js';

/**
 * What each provider needs before use (`@execret/http`'s `ProviderAccess`): a hosted API's key (and the variable of
 * a base URL that replaces the API's own), an OpenAI-compatible server's base URL, or nothing for local weights.
 * Every registry entry carries its provider's; a custom `ModelConfig` without `access` gets it here
 * (`resolveEmbedderInfo`). Public as `EMBEDDER_PROVIDER_ACCESS`.
 */
export const PROVIDER_ACCESS: Readonly<Record<ProviderId, ProviderAccess>> = {
  openai: { kind: 'api-key', keyVariable: 'OPENAI_API_KEY', urlVariable: 'EXECRET_OPENAI_BASE_URL' },
  gemini: {
    kind: 'api-key',
    keyVariable: 'GEMINI_API_KEY',
    keyAliases: ['GOOGLE_API_KEY'],
    urlVariable: 'EXECRET_GEMINI_BASE_URL',
  },
  mistral: { kind: 'api-key', keyVariable: 'MISTRAL_API_KEY', urlVariable: 'EXECRET_MISTRAL_BASE_URL' },
  voyage: { kind: 'api-key', keyVariable: 'VOYAGE_API_KEY', urlVariable: 'EXECRET_VOYAGE_BASE_URL' },
  'openai-compatible': { kind: 'server', urlVariable: 'EXECRET_OPENAI_COMPATIBLE_URL' },
  transformers: { kind: 'local' },
};
