// Plain-node half of check_copies.py (test data only, not a sandbox): reads [{ code, tests }] as JSON on stdin and
// prints, per job, one outcome per test: every test runs in a fresh node:vm context holding `assert`
// (node:assert/strict) after the snippet — `pass`, `FAIL` (an AssertionError), `ERROR:<name>: <message>`, or
// `TIMEOUT` after 2 s.
import assert from 'node:assert/strict';
import vm from 'node:vm';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const jobs = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const outcome = (code, test) => {
  try {
    vm.runInContext(`${code}\n;${test}`, vm.createContext({ assert }), { timeout: 2000 });
    return 'pass';
  } catch (error) {
    if (error?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'TIMEOUT';
    if (error?.name === 'AssertionError') return 'FAIL';
    return `ERROR:${String(error?.name)}: ${String(error?.message)}`;
  }
};
process.stdout.write(JSON.stringify(jobs.map((job) => job.tests.map((test) => outcome(job.code, test)))));
