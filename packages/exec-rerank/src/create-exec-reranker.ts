import { ExecRerankError } from './errors.js';
import { createConsensusReranker } from './rerankers/consensus.js';
import { createGeneratedTestsReranker } from './rerankers/generated-tests.js';
import { createLlmProbeReranker } from './rerankers/llm-probe.js';
import { createRandomCloneReranker } from './rerankers/random-clone.js';
import { parseSecondStageId } from './second-stage-id.js';
import type { ExecReranker, ExecRerankerOptions } from './types.js';

/** The id patterns `createExecReranker` accepts, for help texts and error messages. */
export const EXEC_RERANKER_IDS: readonly string[] = [
  'exec/consensus',
  'exec/random-clone',
  'exec/tests@openai/<model>',
  'exec/tests@openai-compatible/<model>',
  'exec/probe@openai/<model>',
  'exec/probe@openai-compatible/<model>',
];

/**
 * Creates an execution reranker by id (no IO until the first `rerank`): `exec/consensus`, `exec/random-clone`,
 * `exec/tests@<chat model>` or `exec/probe@<chat model>`, the chat model named `openai/<model>` or
 * `openai-compatible/<model>`. Every reranker but `exec/random-clone` needs `options.oracle`.
 *
 * @throws {ExecRerankError} `unknown-reranker` for any other id; `oracle-missing`
 * @throws {RangeError} for an option out of range
 * @example
 * const oracle = await createOracle();
 * const consensus = createExecReranker('exec/consensus', { oracle });
 * const tests = createExecReranker('exec/tests@openai/gpt-5-mini', { oracle, apiKey, price: { inputUsdPerMillion: 0.25, outputUsdPerMillion: 2 } });
 */
export function createExecReranker(id: string, options: ExecRerankerOptions = {}): ExecReranker {
  if (id === 'exec/consensus') return createConsensusReranker(options);
  if (id === 'exec/random-clone') return createRandomCloneReranker(options);
  const parsed = parseSecondStageId(id);
  if (parsed === null || (parsed.kind !== 'tests' && parsed.kind !== 'probe'))
    throw new ExecRerankError(
      'unknown-reranker',
      `@execret/exec-rerank createExecReranker: unknown reranker ${JSON.stringify(id)}; expected one of ${EXEC_RERANKER_IDS.join(', ')}`,
    );
  return parsed.kind === 'tests'
    ? createGeneratedTestsReranker(parsed.chat, options)
    : createLlmProbeReranker(parsed.chat, options);
}
