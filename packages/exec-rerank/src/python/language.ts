import type { ExecLanguage } from '../language.js';
import { checkPythonTest } from './check-test.js';
import { pythonExpectationTest } from './expectation-test.js';
import { readPythonExpectedValue } from './expected-value.js';
import { pythonFunctions } from './functions.js';
import { pythonLiterals } from './literals.js';
import { formatPythonCall, pythonProbeCode, pythonProbeTest } from './probe-test.js';
import { renamePythonCalls } from './rename-calls.js';

/**
 * The Python implementation of {@link ExecLanguage}.
 *
 * @example
 * PYTHON_LANGUAGE.functions('def add(a, b):\n    return a + b\n')[0].header; // 'def add(a, b)'
 */
export const PYTHON_LANGUAGE: ExecLanguage = {
  id: 'python',
  functions: pythonFunctions,
  literals: pythonLiterals,
  formatCall: formatPythonCall,
  probeCode: pythonProbeCode,
  probeTest: pythonProbeTest,
  expectationTest: pythonExpectationTest,
  checkTest: checkPythonTest,
  renameCalls: renamePythonCalls,
  readExpectedValue: readPythonExpectedValue,
};
