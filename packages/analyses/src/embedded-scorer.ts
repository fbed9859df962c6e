import { createMatrixScorer } from './matrix-scorer.js';
import type { PoolView } from './pool-view.js';
import type { Scorer } from './scorer.js';

/** An embedded model as `@execret/embedders`' `embedDataset` gives it: its info and the two matrices. */
export interface EmbeddedModel {
  readonly model: string;
  readonly info: {
    readonly provider: string;
    readonly configHash: string;
    readonly similarity: string;
    readonly dims: number;
  };
  readonly queries: { readonly data: Float32Array };
  readonly documents: { readonly data: Float32Array };
}

/**
 * The scorer of an embedded model ({@link createMatrixScorer}): named after the model, its provider and config hash
 * from its info, `dot` similarity when the info says so, else `cosine`.
 *
 * @example
 * const outcome = await embedDataset('openai/text-embedding-3-small', texts, options);
 * const scorer = embeddedScorer(pool, { ...outcome, model: 'openai/text-embedding-3-small' });
 */
export function embeddedScorer(pool: PoolView, embedded: EmbeddedModel): Scorer {
  const { info, queries, documents, model } = embedded;
  const similarity = info.similarity === 'dot' ? 'dot' : 'cosine';
  const scorerInfo = { id: model, provider: info.provider, configHash: info.configHash, similarity } as const;
  return createMatrixScorer(pool, scorerInfo, queries.data, documents.data, info.dims);
}
