import { isLanguage, LANGUAGES } from '@execret/formats';
import type { OracleJob } from './types.js';

/**
 * Validates a job at the public boundary (programmer misuse throws at once).
 *
 * @param component - the caller, for messages (`oracle.run`, `oracle.runMany (job 3)`)
 * @throws {TypeError} when the job is not `{ code: string, tests: string[], language? }`
 * @throws {RangeError} when it has no tests (too many tests, or too many bytes of them, are not misuse:
 *   such a job gets an error result, see `maxTests` and `maxSuiteBytes`)
 * @example
 * checkJob({ code: 'x = 1', tests: ['assert x == 1'] }, 'oracle.run'); // returns
 * checkJob({ code: 'x = 1', tests: [] }, 'oracle.run');                // throws RangeError
 * @internal
 */
export function checkJob(job: OracleJob, component: string): void {
  if (typeof job !== 'object' || job === null) {
    throw new TypeError(
      `@execret/oracle ${component}: expected a job { code, tests }, received ${job === null ? 'null' : typeof job}`,
    );
  }
  if (typeof job.code !== 'string') {
    throw new TypeError(`@execret/oracle ${component}: expected job.code to be a string, received ${typeof job.code}`);
  }
  if (!Array.isArray(job.tests) || !job.tests.every((t) => typeof t === 'string')) {
    throw new TypeError(`@execret/oracle ${component}: expected job.tests to be an array of strings`);
  }
  if (job.language !== undefined && !isLanguage(job.language)) {
    throw new TypeError(
      `@execret/oracle ${component}: expected job.language to be one of ${LANGUAGES.join(', ')}, received ${JSON.stringify(job.language)}`,
    );
  }
  if (job.tests.length === 0) {
    throw new RangeError(`@execret/oracle ${component}: expected at least one test, received none`);
  }
  if (job.workLimit !== undefined) {
    if (!Number.isSafeInteger(job.workLimit) || job.workLimit < 1) {
      throw new RangeError(
        `@execret/oracle ${component}: expected job.workLimit to be a positive integer, received ${String(job.workLimit)}`,
      );
    }
    if ((job.language ?? 'python') !== 'python') {
      throw new RangeError(`@execret/oracle ${component}: job.workLimit applies to Python jobs only`);
    }
  }
  if (job.timeoutMs !== undefined && (!Number.isInteger(job.timeoutMs) || job.timeoutMs < 1)) {
    throw new RangeError(
      `@execret/oracle ${component}: expected job.timeoutMs to be a positive integer, received ${String(job.timeoutMs)}`,
    );
  }
}
