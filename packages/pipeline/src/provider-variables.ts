import { EMBEDDER_PROVIDER_ACCESS } from '@execret/embedders';
import { CHAT_PROVIDER_ACCESS } from '@execret/exec-rerank';
import { accessKeyVariables, type ProviderAccess } from '@execret/http';
import { RERANKER_PROVIDER_ACCESS } from '@execret/rerankers';

/**
 * Every environment variable the providers of a run read, each once, as the registries' `access` entries name them:
 * `keys`, the first key variable of every provider (embedding models', then rerankers', then the chat models' of the
 * execution rerankers), and `urls`, their base-URL variables. For help texts and documentation;
 * `providerEnvironment` reads them.
 *
 * @example
 * providerVariables().keys; // ['OPENAI_API_KEY', 'GEMINI_API_KEY', …, 'COHERE_API_KEY', …]
 */
export function providerVariables(): { keys: string[]; urls: string[] } {
  const entries: ProviderAccess[] = [
    ...Object.values(EMBEDDER_PROVIDER_ACCESS),
    ...Object.values(RERANKER_PROVIDER_ACCESS),
    ...Object.values(CHAT_PROVIDER_ACCESS),
  ];
  const keys = entries.flatMap((access) => accessKeyVariables(access).slice(0, 1));
  const urls = entries.flatMap((access) =>
    access.kind === 'local' || access.urlVariable === undefined ? [] : [access.urlVariable],
  );
  return { keys: [...new Set(keys)], urls: [...new Set(urls)] };
}
