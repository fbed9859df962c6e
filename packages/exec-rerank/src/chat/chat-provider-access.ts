import type { ProviderAccess } from '@execret/http';
import type { ChatModelId } from './chat-model-id.js';

/**
 * What the chat model of `exec/tests@…` and `exec/probe@…` needs before use, by provider (`@execret/http`'s
 * `ProviderAccess`): `openai/<model>` OpenAI's API key, and optionally a base URL replacing OpenAI's;
 * `openai-compatible/<model>` a server's base URL, with `OPENAI_API_KEY` as its key when set. Without them such a
 * reranker still answers from the artifact cache (a rerun of an audited results folder needs no model).
 */
export const CHAT_PROVIDER_ACCESS: Readonly<Record<ChatModelId['provider'], ProviderAccess>> = {
  openai: { kind: 'api-key', keyVariable: 'OPENAI_API_KEY', urlVariable: 'EXECRET_OPENAI_BASE_URL' },
  'openai-compatible': { kind: 'server', urlVariable: 'EXECRET_OPENAI_COMPATIBLE_URL', keyVariable: 'OPENAI_API_KEY' },
};
