// @execret/oracle JavaScript runner: the `node` engine's job process. A fresh node process per job,
// started ahead of time by the runner inside the sandbox (bubblewrap, rlimits, unprivileged uid). It says
// hello on descriptor 3, reads exactly one job (one JSON line, the protocol of js/quickjs-host.mjs) from
// stdin, runs the snippet as a plain script with vm.runInThisContext, then each test, and reports each on
// descriptor 3; the runner kills the process as soon as the job is done (or overruns its budget).
//
// Untrusted code runs in this process with all of Node: nothing here is a security boundary (the sandbox
// is). What this file guarantees is narrower: split tests are judged by the runner from the values reported
// here (a forged report has to contain the right value, that is, compute the answer), and the `assert` of
// child tests, the serialiser and the report channel are captured before the snippet runs.

import assertStrict from 'node:assert/strict';
import { readFileSync, writeSync } from 'node:fs';
import { types } from 'node:util';
import vm from 'node:vm';

const config = JSON.parse(process.argv[2]);
const apply = Reflect.apply;
const jsonStringify = JSON.stringify;
const bufferFrom = Buffer.from;
const PromiseCtor = Promise;
const immediate = setImmediate;
const now = performance.now.bind(performance);
const cpuUsage = process.cpuUsage;
const runInThisContext = vm.runInThisContext;
// The binding behind process.exit: no 'exit' listeners, nothing a snippet registered, runs.
const reallyExit = process.reallyExit;

const send = (message) => {
  const bytes = apply(bufferFrom, Buffer, [`${jsonStringify(message)}\n`, 'utf8']);
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(3, bytes, offset, bytes.length - offset);
};

const prelude = runInThisContext(readFileSync(config.preludePath, 'utf8'), { filename: 'execret-prelude.js' })({
  isProxy: types.isProxy,
  isNativeError: types.isNativeError,
  AssertionError: assertStrict.AssertionError,
  wrapProxy: false,
  limits: config.limits,
});
const { serialize, describe, messageOf } = prelude;

// A frozen facade over node's assert/strict, so that a snippet that reaches the object cannot swap a method.
const facade = function assert(...args) {
  return apply(assertStrict, undefined, args);
};
for (const name of Object.keys(assertStrict)) {
  if (name === 'strict') continue;
  const value = assertStrict[name];
  const method =
    typeof value === 'function' && name !== 'AssertionError' ? (...args) => apply(value, assertStrict, args) : value;
  Object.defineProperty(facade, name, { value: method, writable: false, configurable: false, enumerable: true });
}
Object.defineProperty(facade, 'strict', { value: facade, writable: false, configurable: false, enumerable: true });
Object.freeze(facade);

process.on('uncaughtException', () => {});
process.on('unhandledRejection', () => {});

const drain = () =>
  new PromiseCtor((resolve) => {
    immediate(resolve);
  });

const thrownReport = (error, deadline) => (now() > deadline ? { k: 'to' } : { k: 'e', e: describe(error) });

const compile = (source, filename) => runInThisContext(source, { filename });

const runTest = (test, index, deadline) => {
  if (test.k === 's' || test.k === 'r') return { k: 'ok' };
  const wrapped =
    test.k === 'p' ? `(function (assert) { return (\n${test.src}\n); })` : `(function (assert) {\n${test.src}\n})`;
  let value;
  try {
    value = compile(wrapped, `test-${index + 1}.js`)(facade);
  } catch (error) {
    return thrownReport(error, deadline);
  }
  if (test.k === 'w') return { k: 'ok' };
  let message = null;
  if (typeof test.msg === 'string') {
    try {
      message = messageOf(
        compile(`(function (assert) { return (\n${test.msg}\n); })`, `test-${index + 1}-message.js`)(facade),
      );
    } catch (error) {
      return thrownReport(error, deadline);
    }
  }
  return { k: 'v', v: serialize(value), m: message };
};

const runJob = async (job) => {
  const deadline = now() + job.budgetMs;
  send({ t: 'ack', id: job.id });
  const started = now();
  let snippetError;
  try {
    compile(job.code, 'snippet.js');
  } catch (error) {
    snippetError = thrownReport(error, deadline);
  }
  await drain();
  if (snippetError === undefined && now() > deadline) snippetError = { k: 'to' };
  let timedOut = false;
  for (let index = 0; index < job.tests.length; index++) {
    const test = job.tests[index];
    let report;
    if (timedOut) report = { k: 'to' };
    else if (snippetError !== undefined) report = test.k === 's' ? { k: 'ok' } : snippetError;
    else {
      report = runTest(test, index, deadline);
      await drain();
      if (now() > deadline) report = { k: 'to' };
    }
    if (report.k === 'to') timedOut = true;
    send({ t: 'test', id: job.id, i: index, r: report });
  }
  const cpu = apply(cpuUsage, process, []);
  send({
    t: 'done',
    id: job.id,
    ms: now() - started,
    rss: process.memoryUsage.rss(),
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
  // Exit at once (the runner kills the process anyway if this does not happen within a moment).
  apply(reallyExit, process, [0]);
};

let input = '';
let taken = false;
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  if (taken) return;
  input += chunk;
  const newline = input.indexOf('\n');
  if (newline < 0) return;
  taken = true;
  process.stdin.pause();
  void runJob(JSON.parse(input.slice(0, newline)));
});
send({ t: 'hello', pid: process.pid, uid: process.getuid?.() ?? -1, node: process.version });
