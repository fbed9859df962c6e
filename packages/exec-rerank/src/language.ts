import type { CodeLiterals } from './code-literals.js';
import type { Expectation } from './expectation.js';
import type { FunctionSignature } from './function-signature.js';
import type { GeneratedTestIssue } from './generated-test-issue.js';
import type { ProbeBudget } from './probe-budget.js';
import type { ProbeCall } from './probe-call.js';

/**
 * Everything the execution rerankers need to know about a candidate language, all of it lexical (nothing is
 * run host-side). Python is the one implementation today (`PYTHON_LANGUAGE`); a JavaScript variant implements
 * the same members and produces tests in the oracle's JavaScript vocabulary.
 */
export interface ExecLanguage {
  /** The oracle's `language` value for jobs of this language. */
  readonly id: 'python';
  /** Top-level function definitions, in source order. */
  functions(code: string): FunctionSignature[];
  /** The code's constants. */
  literals(code: string): CodeLiterals;
  /** Source of a call, e.g. `f(1, [2, 3], sep=".")`. */
  formatCall(functionName: string, call: ProbeCall): string;
  /** The code probe tests run against: the candidate's code plus the probe helper (see `pythonProbeCode`). */
  probeCode(code: string): string;
  /** A test whose outcome reports what the call returned or raised (see `pythonProbeTest`). */
  probeTest(functionName: string, call: ProbeCall, budget: ProbeBudget): string;
  /** A test that passes when `call` (source) behaves as expected. */
  expectationTest(call: string, expected: Expectation): string;
  /** Static checks of a generated test; `null` when it may be kept. */
  checkTest(test: string, functionName: string): Exclude<GeneratedTestIssue, 'duplicate' | 'crashes'> | null;
  /** The test with calls of `from` renamed to `to`. */
  renameCalls(test: string, from: string, to: string): string;
  /** Source of an expected value given by a chat model (JSON), or `null` when it is not a plain value. */
  readExpectedValue(value: unknown): string | null;
}
