import type { ExecRerankerSettings } from '../exec-reranker.js';
import type { ExecRerankMethod } from '../types.js';

/** What sets one exec reranker's `info` apart; {@link execRerankerSettings} fills in the rest. @internal */
export interface ExecRerankerDescription {
  readonly id: string;
  readonly method: ExecRerankMethod;
  readonly model: string;
  /** The chat prompt (system prompt and user template) of an LLM reranker; `null` for the baselines. */
  readonly instruction: string | null;
  /** Every setting that changes a ranking (hashed into `configHash`). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly sources: Readonly<Record<string, string>>;
  readonly notes: string;
}

/**
 * The settings of an exec reranker (its `info` before hashing), in `RerankerInfo`'s field order. The fields that
 * are the same for every exec reranker: `provider: 'exec'`, no `revision`, `truncation: 'none'` and no
 * `maxLength` (candidates are executed whole, never truncated), `dtype: 'provider'`, no per-request limits,
 * listwise (`pointwise: false`), and `price: null` (dollars of the LLM rerankers come from `options.price`
 * through `costs()`). @internal
 *
 * @example
 * execRerankerSettings({ id: 'exec/random-clone', method: 'exec-random-clone', model: 'random-clone',
 *   instruction: null, params: { seed: 1 }, sources: {}, notes: '…' }).truncation; // 'none'
 */
export function execRerankerSettings(description: ExecRerankerDescription): ExecRerankerSettings {
  const { id, method, model, instruction, params, sources, notes } = description;
  return {
    id,
    provider: 'exec',
    method,
    model,
    revision: null,
    instruction,
    truncation: 'none',
    maxLength: null,
    dtype: 'provider',
    maxDocumentsPerRequest: null,
    maxTokensPerRequest: null,
    pointwise: false,
    params,
    price: null,
    sources,
    notes,
  };
}
