// @execret/oracle JavaScript runner: the `node` engine's job process. A fresh node process per job,
// started ahead of time by the runner inside the sandbox (bubblewrap, rlimits, unprivileged uid). It says
// hello on descriptor 3, reads exactly one job (one JSON line, the protocol of js/quickjs-host.mjs) from
// stdin, runs each test from fresh snippet state: a fresh node:vm context (its own ECMAScript built-ins,
// with Node's globals of this process defined in it), the snippet evaluated there as a plain script, then
// the test; it reports each test on descriptor 3 (in two passes, see `runJob`: reports of the second pass
// come after those of the first); the runner kills the process as soon as the job is done (or overruns its
// budget).
//
// Untrusted code runs in this process with all of Node: nothing here is a security boundary (the sandbox
// is; a node:vm context is not one either: a snippet reaches this realm through Node's objects, which the
// tests of a job share). What this file guarantees is narrower: split tests are judged by the runner from
// the values reported here (a forged report has to contain the right value, that is, compute the answer);
// every split test's value is serialised by the prelude's captured functions and written to the channel
// before any code of an expected side (a message expression, a child test) runs in this process; report
// lines are built here from strings only (no JSON.stringify of objects, whose toJSON a snippet could hook),
// with functions captured before the snippet runs; the `assert` of child tests and the serialiser are
// captured before the snippet runs.

import assertStrict from 'node:assert/strict';
import { readFileSync, writeSync } from 'node:fs';
import { types } from 'node:util';
import vm from 'node:vm';

const config = JSON.parse(process.argv[2]);
// Everything used after untrusted code ran is captured now.
const R = Reflect;
const apply = R.apply;
const defineProperty = R.defineProperty;
const getOwnDesc = R.getOwnPropertyDescriptor;
const getProto = R.getPrototypeOf;
const ownKeys = R.ownKeys;
const freeze = Object.freeze;
/** Applied to strings only: JSON.stringify looks up no `toJSON` on a primitive. */
const jsonString = JSON.stringify;
const write = writeSync;
const encode = TextEncoder.prototype.encode;
const encoder = new TextEncoder();
const typedArrayLength = getOwnDesc(getProto(Uint8Array.prototype), 'length').get;
const PromiseCtor = Promise;
const immediate = setImmediate;
const now = performance.now.bind(performance);
const cpuUsage = process.cpuUsage;
const memoryUsage = process.memoryUsage;
const rss = process.memoryUsage.rss;
const isNativeError = types.isNativeError;
const createContext = vm.createContext;
const ScriptCtor = vm.Script;
const runInContext = vm.Script.prototype.runInContext;
const AssertionErrorProto = assertStrict.AssertionError.prototype;
// The binding behind process.exit: no 'exit' listeners, nothing a snippet registered, runs.
const reallyExit = process.reallyExit;

/** A data property descriptor with no prototype (no inherited `get`/`value` a snippet could add). */
const dataDesc = (value) => ({ __proto__: null, value, writable: true, configurable: true, enumerable: false });

/** Writes one line to the channel; the bytes have their own `byteLength` (fs.writeSync reads it). */
const sendLine = (text) => {
  const bytes = apply(encode, encoder, [`${text}\n`]);
  const length = apply(typedArrayLength, bytes, []);
  defineProperty(bytes, 'byteLength', { __proto__: null, value: length });
  let offset = 0;
  while (offset < length) offset += write(3, bytes, offset, length - offset);
};
const str = (text) => apply(jsonString, undefined, [typeof text === 'string' ? text : '<not a string>']);
/** A report (an object made here) as JSON text, from its string fields. */
const reportJson = (r) => {
  switch (r.k) {
    case 'v':
      return `{"k":"v","v":${str(r.v)},"m":null}`;
    case 'm':
      return `{"k":"m","m":${str(r.m)}}`;
    case 'e':
      return `{"k":"e","e":${str(r.e)}}`;
    case 'ok':
      return '{"k":"ok"}';
    default:
      return '{"k":"to"}';
  }
};
const sendReport = (type, id, index, r) => sendLine(`{"t":"${type}","id":${id},"i":${index},"r":${reportJson(r)}}`);

// Node's own globals (process, Buffer, timers, fetch, URL, TextEncoder, …, console), defined in every fresh
// context with this process's values (its lazy ones stay lazy: read through this realm's getter, and an
// assignment in a context replaces the global in that context only); the ECMAScript built-ins are the
// context's own.
const GLOBAL_SCRIPT = new ScriptCtor('globalThis', { filename: 'execret-global.js' });
const probeGlobal = apply(runInContext, GLOBAL_SCRIPT, [createContext()]);
const NODE_GLOBALS = [];
for (const name of ownKeys(globalThis)) {
  if (typeof name !== 'string' || name === 'global' || (name !== 'console' && name in probeGlobal)) continue;
  const desc = getOwnDesc(globalThis, name);
  const entry = { __proto__: null, name, enumerable: desc.enumerable === true, get: desc.get, value: desc.value };
  NODE_GLOBALS[NODE_GLOBALS.length] = freeze(entry);
}
freeze(NODE_GLOBALS);
const hostGlobal = globalThis;
/** Defines Node's globals in `global`, a fresh context's global object. */
const defineNodeGlobals = (global) => {
  for (let i = 0; i < NODE_GLOBALS.length; i++) {
    const entry = NODE_GLOBALS[i];
    const name = entry.name;
    if (typeof entry.get !== 'function') {
      defineProperty(global, name, {
        __proto__: null,
        value: entry.value,
        writable: true,
        configurable: true,
        enumerable: entry.enumerable,
      });
      continue;
    }
    const get = entry.get;
    defineProperty(global, name, {
      __proto__: null,
      get: () => apply(get, hostGlobal, []),
      set: (value) => {
        defineProperty(global, name, {
          __proto__: null,
          value,
          writable: true,
          configurable: true,
          enumerable: entry.enumerable,
        });
      },
      configurable: true,
      enumerable: entry.enumerable,
    });
  }
  defineProperty(global, 'global', dataDesc(global));
};

const PRELUDE_SCRIPT = new ScriptCtor(readFileSync(config.preludePath, 'utf8'), { filename: 'execret-prelude.js' });
const PRELUDE_OPTIONS = freeze({
  __proto__: null,
  isProxy: types.isProxy,
  isNativeError,
  AssertionError: assertStrict.AssertionError,
  wrapProxy: false,
  limits: freeze({ __proto__: null, ...config.limits }),
  // Values made by Node's APIs come from this realm: plain arrays and objects of it count as plain data.
  hostArrayProto: Array.prototype,
  hostObjectProto: Object.prototype,
});

/** A fresh context with Node's globals and the prelude evaluated; returns it and the prelude's API. */
const newRealm = () => {
  const context = createContext();
  defineNodeGlobals(apply(runInContext, GLOBAL_SCRIPT, [context]));
  const api = apply(runInContext, PRELUDE_SCRIPT, [context])(PRELUDE_OPTIONS);
  return { context, serialize: api.serialize, describe: api.describe, messageOf: api.messageOf };
};

// A frozen facade over node's assert/strict, so that a snippet that reaches the object cannot swap a method.
// Node's assert throws an Error given as message instead of its AssertionError only when the Error is of
// node's own realm (`instanceof Error`); tests run in another context, so the facade does that for any
// native error, as node does for a script run by `node`.
const MESSAGE_INDEX = {
  __proto__: null,
  ok: 1,
  equal: 2,
  notEqual: 2,
  strictEqual: 2,
  notStrictEqual: 2,
  deepEqual: 2,
  notDeepEqual: 2,
  deepStrictEqual: 2,
  notDeepStrictEqual: 2,
  match: 2,
  doesNotMatch: 2,
  throws: 2,
  doesNotThrow: 2,
  fail: 0,
};
const asserting = (fn, messageIndex) =>
  function asserted(...args) {
    try {
      return apply(fn, assertStrict, args);
    } catch (error) {
      if (messageIndex !== undefined && args.length > messageIndex) {
        const message = args[messageIndex];
        if (isNativeError(message) && isNativeError(error) && getProto(error) === AssertionErrorProto) throw message;
      }
      throw error;
    }
  };
const okFacade = asserting(assertStrict, 1);
const facade = function assert(...args) {
  return apply(okFacade, undefined, args);
};
for (const name of Object.keys(assertStrict)) {
  if (name === 'strict') continue;
  const value = assertStrict[name];
  const method =
    typeof value === 'function' && name !== 'AssertionError' ? asserting(value, MESSAGE_INDEX[name]) : value;
  defineProperty(facade, name, {
    __proto__: null,
    value: method,
    writable: false,
    configurable: false,
    enumerable: true,
  });
}
defineProperty(facade, 'strict', {
  __proto__: null,
  value: facade,
  writable: false,
  configurable: false,
  enumerable: true,
});
freeze(facade);

process.on('uncaughtException', () => {});
process.on('unhandledRejection', () => {});

const drain = () =>
  new PromiseCtor((resolve) => {
    immediate(resolve);
  });

const thrownReport = (realm, error, deadline) =>
  now() > deadline ? { k: 'to' } : { k: 'e', e: realm.describe(error) };

/** Compiles `source` and runs it in `realm`'s context (throws what compiling or running throws). */
const runIn = (realm, source, filename) => apply(runInContext, new ScriptCtor(source, { filename }), [realm.context]);

/** The snippet evaluated in a fresh realm: `{ realm }`, or `{ realm, report }` when it threw or ran out of time. */
const freshRealm = async (snippet, compileError, deadline) => {
  const realm = newRealm();
  if (compileError !== undefined) return { realm, report: thrownReport(realm, compileError, deadline) };
  try {
    apply(runInContext, snippet, [realm.context]);
  } catch (error) {
    return { realm, report: thrownReport(realm, error, deadline) };
  }
  await drain();
  return now() > deadline ? { realm, report: { k: 'to' } } : { realm };
};

const wrapperOf = (source) => `(function (assert) { return (\n${source}\n); })`;

/**
 * Runs a job in two passes, each test from fresh snippet state (a fresh context, the snippet evaluated there):
 * first every test that carries nothing of its expected side (split tests' probes, whose values are serialised
 * and written to the channel, and literal tests), then, in test order, what does: split tests' message
 * expressions (in the context of their probe) and child tests. The tests of a job share Node's objects
 * (`process`, modules), where a snippet can keep what it saw; so no expected value enters this process before
 * every split test's value has left it: the job's first line carries no message expression and no child test's
 * statement; once the first pass is reported this process says `sealed`, and the runner sends them (the
 * `phase2` line) only then. The budget is the job's: once it is spent, what is left is `to`.
 */
const runJob = async (job) => {
  const id = typeof job.id === 'number' ? job.id : 0;
  const deadline = now() + job.budgetMs;
  sendLine(`{"t":"ack","id":${id}}`);
  const started = now();
  let snippet;
  let compileError;
  try {
    snippet = new ScriptCtor(job.code, { filename: 'snippet.js' });
  } catch (error) {
    compileError = error;
  }
  const tests = job.tests;
  const report = (index, r) => sendReport('test', id, index, r);
  const reportMessage = (index, r) => sendReport('msg', id, index, r);
  /** Split tests whose message is still to be evaluated, by index: the realm their probe ran in (a record with
   * no prototype: a snippet may have put setters on this realm's Array.prototype and Object.prototype). */
  const messageRealms = { __proto__: null };
  /** Test `index`'s fresh realm, or `undefined` once its report (out of time, or the snippet failed) is sent. */
  const realmFor = async (index) => {
    if (now() > deadline) {
      report(index, { k: 'to' });
      return undefined;
    }
    const fresh = await freshRealm(snippet, compileError, deadline);
    if (fresh.report === undefined) return fresh.realm;
    report(index, fresh.report);
    return undefined;
  };
  // First pass: nothing of the expected side runs.
  for (let index = 0; index < tests.length; index++) {
    const test = tests[index];
    if (test.k === 's') {
      report(index, { k: 'ok' });
      continue;
    }
    if (test.k === 'w') continue;
    const realm = await realmFor(index);
    if (realm === undefined) continue;
    if (test.k === 'r') {
      report(index, { k: 'ok' });
      continue;
    }
    let value;
    try {
      value = runIn(realm, wrapperOf(test.src), `test-${index + 1}.js`)(facade);
    } catch (error) {
      report(index, thrownReport(realm, error, deadline));
      continue;
    }
    let serialized;
    try {
      serialized = realm.serialize(value);
    } catch (error) {
      report(index, thrownReport(realm, error, deadline));
      continue;
    }
    value = undefined;
    await drain();
    if (now() > deadline) {
      report(index, { k: 'to' });
      continue;
    }
    report(index, { k: 'v', v: serialized, m: null });
    if (test.m === true) messageRealms[index] = realm;
  }
  // Second pass, in test order: message expressions and child tests, which arrive only now.
  const messages = { __proto__: null };
  const statements = { __proto__: null };
  let withholding = false;
  for (let index = 0; index < tests.length; index++) {
    if (tests[index].k === 'w' || (tests[index].k === 'p' && tests[index].m === true)) withholding = true;
  }
  if (withholding) {
    sendLine(`{"t":"sealed","id":${id}}`);
    const parts = (await nextLine()).phase2;
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k];
      if (typeof part.msg === 'string') messages[part.i] = part.msg;
      else if (typeof part.src === 'string') statements[part.i] = part.src;
    }
  }
  for (let index = 0; index < tests.length; index++) {
    const test = tests[index];
    const realm = messageRealms[index];
    if (realm !== undefined) {
      messageRealms[index] = undefined;
      if (now() > deadline) {
        reportMessage(index, { k: 'to' });
        continue;
      }
      let message;
      try {
        message = realm.messageOf(runIn(realm, wrapperOf(messages[index]), `test-${index + 1}-message.js`)(facade));
      } catch (error) {
        reportMessage(index, thrownReport(realm, error, deadline));
        continue;
      }
      await drain();
      reportMessage(index, now() > deadline ? { k: 'to' } : { k: 'm', m: message });
      continue;
    }
    if (test.k !== 'w') continue;
    const fresh = await realmFor(index);
    if (fresh === undefined) continue;
    try {
      runIn(fresh, `(function (assert) {\n${statements[index]}\n})`, `test-${index + 1}.js`)(facade);
    } catch (error) {
      report(index, thrownReport(fresh, error, deadline));
      continue;
    }
    await drain();
    report(index, now() > deadline ? { k: 'to' } : { k: 'ok' });
  }
  const cpu = apply(cpuUsage, process, []);
  sendLine(
    `{"t":"done","id":${id},"ms":${now() - started},"rss":${apply(rss, memoryUsage, [])},"cpuMs":${(cpu.user + cpu.system) / 1000}}`,
  );
  // Exit at once (the runner kills the process anyway if this does not happen within a moment).
  apply(reallyExit, process, [0]);
};

// Lines from the runner: the job, then (when it withholds anything) its second phase. Read with functions
// captured before any snippet ran.
const parseJson = JSON.parse;
const indexOfString = String.prototype.indexOf;
const sliceString = String.prototype.slice;
let input = '';
let waiting;
const pendingLines = [];
/** The next line from the runner, parsed. */
const nextLine = () =>
  new PromiseCtor((resolve) => {
    if (pendingLines.length > 0) resolve(pendingLines.shift());
    else waiting = resolve;
  });
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  input += chunk;
  let newline = apply(indexOfString, input, ['\n']);
  while (newline >= 0) {
    const line = apply(parseJson, JSON, [apply(sliceString, input, [0, newline])]);
    input = apply(sliceString, input, [newline + 1]);
    if (waiting !== undefined) {
      const resolve = waiting;
      waiting = undefined;
      resolve(line);
    } else pendingLines[pendingLines.length] = line;
    newline = apply(indexOfString, input, ['\n']);
  }
});
void nextLine().then(runJob);
sendLine(`{"t":"hello","pid":${process.pid},"uid":${process.getuid?.() ?? -1},"node":${str(process.version)}}`);
