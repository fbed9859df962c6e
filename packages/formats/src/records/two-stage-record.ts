/**
 * A two-stage system's make-up, under `execret.two_stage` of its results file (docs/formats.md), in this field
 * order: `@execret/rerankers`' `rankTwoStage` fills it, `@execret/dataset` reads it back.
 */
export interface TwoStageRecord {
  first_stage: string;
  first_stage_config_hash: string;
  depth: number;
  reranker: string;
  reranker_config_hash: string;
  reranker_provider: string;
  reranker_method: string;
}
