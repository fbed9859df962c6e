import { defineExecretError } from '@execret/formats';

/**
 * The codes of a {@link PipelineError}:
 * - `missing-access` — a model reranker's provider needs a key or a server the environment does not set.
 * - `no-results` — a results folder to compare holds no result files.
 */
export type PipelineErrorCode = 'missing-access' | 'no-results';

/**
 * The one error class of `@execret/pipeline` (the stages pass on the errors of the packages they call:
 * `DatasetError`, `EmbeddersError`, `OracleError`, …). Messages start with `@execret/pipeline:`.
 *
 * @example
 * try {
 *   await compareStage('execret-results', { seed: 42, resamples: 1000, confidence: 0.95 });
 * } catch (error) {
 *   if (PipelineError.is(error) && error.code === 'no-results') console.error(error.message);
 * }
 */
export class PipelineError extends defineExecretError<PipelineErrorCode>('@execret/pipeline', 'PipelineError') {}
