import { DEFAULT_RERANKED_FIRST_STAGE, DEFAULT_SECOND_STAGES } from './defaults.js';
import { languageUnreadable } from './second-stage-languages.js';
import { executesCandidates } from './second-stages.js';

/** What {@link defaultSecondStages} chose. */
export interface DefaultSecondStages {
  /** The second stages to open, in the order of {@link DEFAULT_SECOND_STAGES}; possibly none. */
  readonly ids: string[];
  /** The first stages they rerank: {@link DEFAULT_RERANKED_FIRST_STAGE}. */
  readonly firstStageIds: string[];
  /** Defaults left out because the dataset has queries they cannot read ({@link languageUnreadable}), and why. */
  readonly leftOut?: { readonly ids: string[]; readonly reason: string };
}

/**
 * The second stages of a default run (one that names no systems): {@link DEFAULT_SECOND_STAGES} over
 * {@link DEFAULT_RERANKED_FIRST_STAGE}, without those that execute candidates ({@link executesCandidates}) when the
 * run executes nothing, and without the execution rerankers when the dataset has queries in a language they cannot
 * read (`leftOut` says which and why; asked for by id, those are refused instead).
 *
 * @example
 * defaultSecondStages({ execute: true, languages: ['python'] });
 * // { ids: ['exec/consensus', 'exec/random-clone'], firstStageIds: ['bm25'] }
 * defaultSecondStages({ execute: false, languages: ['python'] }).ids; // ['exec/random-clone']
 * defaultSecondStages({ execute: true, languages: ['javascript'] });
 * // { ids: [], firstStageIds: ['bm25'], leftOut: { ids: ['exec/consensus', 'exec/random-clone'], reason: '…' } }
 */
export function defaultSecondStages(options: {
  readonly execute: boolean;
  readonly languages: readonly string[];
}): DefaultSecondStages {
  const ids = DEFAULT_SECOND_STAGES.filter((id) => options.execute || !executesCandidates(id));
  const leftOut = languageUnreadable(ids, options.languages);
  return {
    ids: ids.filter((id) => !leftOut?.ids.includes(id)),
    firstStageIds: [DEFAULT_RERANKED_FIRST_STAGE],
    ...(leftOut ? { leftOut } : {}),
  };
}
