import { rerankerConfigHash } from '../config-hash.js';
import type { RerankerConfig, RerankerInfo, RerankMethod } from '../types.js';

/**
 * The `info` of a combination: provider `fusion`, the components' ids and config hashes in `params` (so the hash
 * changes when any component changes), pointwise only when every component is and the method allows it.
 */
export function combinedInfo(
  id: string,
  method: RerankMethod,
  components: readonly RerankerInfo[],
  params: Record<string, unknown>,
  pointwise: boolean,
  source: string,
): RerankerInfo {
  const config: RerankerConfig = {
    id,
    provider: 'fusion',
    method,
    model: components.map((c) => c.id).join('+'),
    revision: null,
    instruction: null,
    truncation: 'none',
    maxLength: null,
    dtype: 'provider',
    maxDocumentsPerRequest: null,
    maxTokensPerRequest: null,
    pointwise,
    params: { ...params, components: components.map((c) => ({ id: c.id, configHash: c.configHash })) },
    price: null,
    sources: { method: source },
  };
  return { ...config, configHash: rerankerConfigHash(config), weights: null };
}
