import { ExecRerankError } from './errors.js';
import type { ExecOracle, ExecRerankerOptions } from './types.js';

/**
 * `options.oracle`, which every exec reranker but `exec/random-clone` runs candidates in. @internal
 *
 * @throws {ExecRerankError} `oracle-missing` when it is not given
 * @example
 * const oracle = requireOracle(options, 'exec/consensus');
 */
export function requireOracle(options: ExecRerankerOptions, id: string): ExecOracle {
  const oracle = options.oracle;
  if (oracle === undefined)
    throw new ExecRerankError('oracle-missing', `@execret/exec-rerank ${id}: options.oracle is required`);
  return oracle;
}

/**
 * Checks a count option (tests, questions, probes, steps): a safe integer >= 1. @internal
 *
 * @throws {RangeError} `<where>: <name> must be an integer >= 1, received <value>` otherwise
 * @example
 * requireCount(10, 'testCount', '@execret/exec-rerank exec/tests@openai/gpt-5-mini'); // passes
 * requireCount(0, 'testCount', '@execret/exec-rerank exec/tests@openai/gpt-5-mini');  // RangeError
 */
export function requireCount(value: number, name: string, where: string): void {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${where}: ${name} must be an integer >= 1, received ${value}`);
}
