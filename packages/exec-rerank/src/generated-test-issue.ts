/**
 * Why a generated test is discarded:
 * - `empty`: nothing but whitespace or comments;
 * - `not-an-assert`: not one `assert` statement (another statement, several statements, or text that does not
 *   tokenize);
 * - `no-call`: the assert never calls the function under test (`assert True`, `assert 1 + 1 == 2`, a test of
 *   another function);
 * - `duplicate`: the same text as an earlier test of the reply;
 * - `crashes`: it raised or timed out (an `ERROR:…` or `TIMEOUT` outcome) on more than `maxCrashFraction` of the
 *   candidates it was written for (those sharing the prompted signature), so it tests the test, not the code.
 */
export type GeneratedTestIssue = 'empty' | 'not-an-assert' | 'no-call' | 'duplicate' | 'crashes';
