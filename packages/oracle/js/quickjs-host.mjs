// @execret/oracle JavaScript runner: the QuickJS engine host. A long-lived node process, started by the
// runner inside the sandbox (bubblewrap, rlimits, unprivileged uid), that runs jobs one at a time, each in a
// fresh QuickJS runtime inside a WebAssembly instance whose memory has a hard maximum. Untrusted code runs
// only inside QuickJS, which has no I/O of any kind; this file never evaluates it in node.
//
// Protocol: one JSON object per line. Jobs arrive on stdin; replies go to descriptor 3 (stdout is not
// read). The runner decides every outcome string itself from these reports and kills this process when a
// job overruns its budget (QuickJS's interrupt handler is soft: a single long native operation, such as a
// huge Array.prototype.join, does not check it).
//
//   in:  {"id":7,"code":"…","budgetMs":5000,"needsAssert":false,"tests":[T,…]}
//        T = {"k":"p","src":"<expression>","msg":"<expression>"|null}  evaluate a probe (split test)
//          | {"k":"w","src":"<statement>"}                              run a whole test (child test)
//          | {"k":"r"}                                                  nothing to evaluate (literal-only)
//          | {"k":"s"}                                                  skipped (decided by the runner)
//   out: {"t":"hello",…} once; then per job {"t":"ack","id":7}, one {"t":"test","id":7,"i":0,"r":R} per
//        test in order, {"t":"done","id":7,"ms":…,"rss":…,"wasmBytes":…,"cpuMs":…} (cpuMs: this process's CPU
//        time so far, statistics only)
//        R = {"k":"v","v":"<serialized value>","m":"<messageOf>"|null} | {"k":"ok"} | {"k":"e","e":"<describe>"}
//          | {"k":"to"}

import { readFileSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const config = JSON.parse(process.argv[2]);
const { newQuickJSWASMModuleFromVariant, newVariant } = await import(pathToFileURL(config.coreEntry).href);
const baseVariant = (await import(pathToFileURL(config.variantEntry).href)).default;
const wasmModule = new WebAssembly.Module(readFileSync(config.wasmPath));
const PRELUDE = readFileSync(config.preludePath, 'utf8');
const ASSERT = readFileSync(config.assertPath, 'utf8');
const PAGE = 65536;
// The module imports its memory with emscripten's INITIAL_MEMORY (16 MiB) as minimum.
const INITIAL_PAGES = 256;
const MAX_PAGES = Math.max(INITIAL_PAGES, Math.ceil(config.wasmMaxBytes / PAGE));

const send = (message) => {
  const line = `${JSON.stringify(message)}\n`;
  let offset = 0;
  const bytes = Buffer.from(line, 'utf8');
  while (offset < bytes.length) offset += writeSync(3, bytes, offset, bytes.length - offset);
};

let deadline = Number.POSITIVE_INFINITY;
let interrupted = false;
const shouldInterrupt = () => {
  if (performance.now() > deadline) {
    interrupted = true;
    return true;
  }
  return false;
};

/** One WebAssembly instance of QuickJS; replaced when a job leaves it unusable. */
let instance;
let instanceJobs = 0;
const newInstance = async () => {
  const memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAX_PAGES });
  const module = await newQuickJSWASMModuleFromVariant(newVariant(baseVariant, { wasmModule, wasmMemory: memory }));
  return { module, memory, poisoned: false };
};
const dropInstance = () => {
  instance = undefined;
  instanceJobs = 0;
  globalThis.gc?.();
};

/** A host-side fault inside QuickJS (its native stack overflowed, an abort): the instance is unusable. */
class EngineFault extends Error {}

/** What `describe` would say, for faults the host sees instead of QuickJS. */
const hostDescribe = (error) => {
  const overflow = error instanceof RangeError && /call stack/i.test(String(error.message));
  return JSON.stringify({
    assertion: false,
    generated: null,
    type: 'InternalError',
    message: overflow ? 'stack overflow' : `engine fault: ${String(error?.message ?? error).slice(0, 200)}`,
  });
};

/** A fresh runtime and context with the prelude evaluated; throws EngineFault when the instance fails. */
const openRealm = (needsAssert) => {
  const runtime = instance.module.newRuntime();
  runtime.setMemoryLimit(config.memoryBytes);
  runtime.setMaxStackSize(config.stackBytes);
  runtime.setInterruptHandler(shouldInterrupt);
  const context = runtime.newContext();
  const handles = [];
  const keep = (handle) => {
    handles.push(handle);
    return handle;
  };
  const factory = context.evalCode(PRELUDE, 'execret-prelude.js');
  if (factory.error) {
    factory.error.dispose();
    throw new EngineFault('the prelude did not evaluate');
  }
  const made = context.callFunction(factory.value, context.undefined);
  factory.value.dispose();
  if (made.error) {
    made.error.dispose();
    throw new EngineFault('the prelude factory failed');
  }
  const api = keep(made.value);
  const serialize = keep(context.getProp(api, 'serialize'));
  const describe = keep(context.getProp(api, 'describe'));
  const messageOf = keep(context.getProp(api, 'messageOf'));
  const intrinsics = keep(context.getProp(api, 'intrinsics'));
  let assert = context.undefined;
  if (needsAssert) {
    const assertFactory = context.evalCode(ASSERT, 'execret-assert.js');
    if (assertFactory.error) {
      assertFactory.error.dispose();
      throw new EngineFault('the assert module did not evaluate');
    }
    const built = context.callFunction(assertFactory.value, context.undefined, intrinsics);
    assertFactory.value.dispose();
    if (built.error) {
      built.error.dispose();
      throw new EngineFault('the assert factory failed');
    }
    assert = keep(built.value);
  }
  const close = () => {
    for (const handle of handles) if (handle.alive) handle.dispose();
    context.dispose();
    runtime.dispose();
  };
  return { runtime, context, serialize, describe, messageOf, assert, close };
};

/** Text of a string handle returned by a prelude function (disposes it). */
const takeString = (realm, result) => {
  if (result.error) {
    const text = describeHandle(realm, result.error);
    result.error.dispose();
    return { error: text };
  }
  const text = realm.context.getString(result.value);
  result.value.dispose();
  return { text };
};

const describeHandle = (realm, handle) => {
  const described = realm.context.callFunction(realm.describe, realm.context.undefined, handle);
  if (described.error) {
    described.error.dispose();
    return JSON.stringify({ assertion: false, generated: null, type: 'Error', message: '<unprintable>' });
  }
  const text = realm.context.getString(described.value);
  described.value.dispose();
  return text;
};

/** Runs pending promise jobs (microtasks) until none is left or the budget is spent. */
const drainJobs = (realm) => {
  while (realm.runtime.hasPendingJob()) {
    if (performance.now() > deadline) return false;
    const result = realm.runtime.executePendingJobs(1000);
    if (result.error) result.error.dispose();
    else if (result.value?.dispose) result.value.dispose();
    if (interrupted) return false;
  }
  return true;
};

const evaluate = (realm, source, filename) => {
  const result = realm.context.evalCode(source, filename);
  return result;
};

// Out of memory, QuickJS cannot always build (or the prelude describe) its "InternalError: out of
// memory": a thrown value may then read as null or as nothing, and describing it may abort the instance.
// So a throw while not even 1 MiB can be allocated is reported as that error, without describing it (a
// snippet's own `throw null` with memory to spare stays `ERROR:null: null`).
const OUT_OF_MEMORY = JSON.stringify({
  assertion: false,
  generated: null,
  type: 'InternalError',
  message: 'out of memory',
});
const exhausted = (realm) => {
  const probe = realm.context.evalCode('"x".repeat(1 << 20).length', 'memory-probe.js');
  if (probe.error) {
    probe.error.dispose();
    return true;
  }
  probe.value.dispose();
  return false;
};

/** A report for a thrown handle: the budget ran out, or an exception. */
const thrownReport = (realm, handle) => {
  if (interrupted || performance.now() > deadline) return { k: 'to' };
  if (exhausted(realm)) return { k: 'e', e: OUT_OF_MEMORY };
  return { k: 'e', e: describeHandle(realm, handle) };
};

/** The message argument of a split test: `{ text }` (messageOf's JSON) or `{ report }` when it threw. */
const evaluateMessage = (realm, source, index) => {
  const messageFn = evaluate(realm, `(function (assert) { return (\n${source}\n); })`, `test-${index + 1}-message.js`);
  if (messageFn.error) {
    const report = thrownReport(realm, messageFn.error);
    messageFn.error.dispose();
    return { report };
  }
  const value = realm.context.callFunction(messageFn.value, realm.context.undefined, realm.assert);
  messageFn.value.dispose();
  if (value.error) {
    const report = thrownReport(realm, value.error);
    value.error.dispose();
    return { report };
  }
  const described = takeString(
    realm,
    realm.context.callFunction(realm.messageOf, realm.context.undefined, value.value),
  );
  value.value.dispose();
  if (described.error !== undefined) return { report: interrupted ? { k: 'to' } : { k: 'e', e: described.error } };
  return { text: described.text };
};

const runTest = (realm, test, index) => {
  if (test.k === 's') return { k: 'ok' };
  if (test.k === 'r') return drainJobs(realm) ? { k: 'ok' } : { k: 'to' };
  const wrapped =
    test.k === 'p' ? `(function (assert) { return (\n${test.src}\n); })` : `(function (assert) {\n${test.src}\n})`;
  const compiled = evaluate(realm, wrapped, `test-${index + 1}.js`);
  if (compiled.error) {
    const report = thrownReport(realm, compiled.error);
    compiled.error.dispose();
    return report;
  }
  const called = realm.context.callFunction(compiled.value, realm.context.undefined, realm.assert);
  compiled.value.dispose();
  if (called.error) {
    const report = thrownReport(realm, called.error);
    called.error.dispose();
    return report;
  }
  let report;
  if (test.k === 'p') {
    // As in node, every argument (the probe, then the message) is evaluated before the comparison.
    let message = null;
    if (typeof test.msg === 'string') {
      const described = evaluateMessage(realm, test.msg, index);
      if (described.report !== undefined) {
        called.value.dispose();
        return described.report;
      }
      message = described.text;
    }
    const serialized = takeString(
      realm,
      realm.context.callFunction(realm.serialize, realm.context.undefined, called.value),
    );
    called.value.dispose();
    if (serialized.error !== undefined) return interrupted ? { k: 'to' } : { k: 'e', e: serialized.error };
    report = { k: 'v', v: serialized.text, m: message };
  } else {
    called.value.dispose();
    report = { k: 'ok' };
  }
  return drainJobs(realm) ? report : { k: 'to' };
};

/** Opens a realm on a usable instance and evaluates the snippet; returns the realm and the snippet's error. */
const prepare = async (job) => {
  if (instance?.poisoned) dropInstance();
  if (instance === undefined) instance = await newInstance();
  instanceJobs++;
  const realm = openRealm(job.needsAssert);
  const ran = evaluate(realm, job.code, 'snippet.js');
  let snippetError;
  if (ran.error) {
    snippetError = thrownReport(realm, ran.error);
    ran.error.dispose();
  } else {
    ran.value.dispose();
    if (!drainJobs(realm)) snippetError = { k: 'to' };
  }
  return { realm, snippetError };
};

const closeRealm = (realm) => {
  try {
    realm.close();
  } catch {
    if (instance) instance.poisoned = true;
  }
};

const runJob = async (job, emit = send) => {
  const started = performance.now();
  deadline = started + job.budgetMs;
  interrupted = false;
  emit({ t: 'ack', id: job.id });
  let index = 0;
  const total = job.tests.length;
  const report = (r) => {
    emit({ t: 'test', id: job.id, i: index, r });
    index++;
  };
  while (index < total) {
    let realm;
    try {
      const prepared = await prepare(job);
      realm = prepared.realm;
      if (prepared.snippetError !== undefined) {
        while (index < total) report(job.tests[index].k === 's' ? { k: 'ok' } : prepared.snippetError);
      }
      while (index < total) {
        if (interrupted || performance.now() > deadline) {
          report({ k: 'to' });
          continue;
        }
        report(runTest(realm, job.tests[index], index));
      }
      closeRealm(realm);
    } catch (error) {
      // The instance failed under us (its native stack overflowed, QuickJS aborted): the test that was
      // running gets the fault; the remaining ones continue on a fresh instance, the snippet evaluated anew.
      if (instance) instance.poisoned = true;
      if (index < total) report(interrupted ? { k: 'to' } : { k: 'e', e: hostDescribe(error) });
    }
  }
  deadline = Number.POSITIVE_INFINITY;
  const wasmBytes = instance ? instance.memory.buffer.byteLength : 0;
  if (
    instance &&
    (instance.poisoned ||
      interrupted ||
      instanceJobs >= config.maxJobsPerInstance ||
      wasmBytes > config.recycleWasmBytes)
  ) {
    dropInstance();
  }
  const cpu = process.cpuUsage();
  emit({
    t: 'done',
    id: job.id,
    ms: performance.now() - started,
    rss: process.memoryUsage.rss(),
    wasmBytes,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
};

const queue = [];
let running = false;
const pump = async () => {
  if (running) return;
  running = true;
  while (queue.length > 0) await runJob(queue.shift());
  running = false;
};

let buffered = '';
const listen = () => {
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    buffered += chunk;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line !== '') queue.push(JSON.parse(line));
      newline = buffered.indexOf('\n');
    }
    void pump();
  });
  process.stdin.on('end', () => process.exit(0));
};

instance = await newInstance();
// Compile the common engine paths before the first real job's budget starts (see js/warmup.js).
const WARMUP = readFileSync(config.warmupPath, 'utf8');
const warmupJob = {
  id: 0,
  code: WARMUP,
  budgetMs: 60_000,
  needsAssert: true,
  tests: [
    { k: 'p', src: 'warmup(1)', msg: null },
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal in the warm-up test's source
    { k: 'p', src: '[1, -0, "x", { a: [null, undefined, 2n] }]', msg: '`message ${1}`' },
    { k: 'w', src: 'assert.deepStrictEqual(warmup(2), warmup(2))' },
    { k: 'w', src: "assert.throws(() => { throw new TypeError('t'); }, TypeError)" },
    { k: 'w', src: 'assert.strictEqual(1, 2)' },
    { k: 'p', src: "(() => { throw new RangeError('r'); })()", msg: null },
    { k: 'p', src: 'new Map([[1, 2]])', msg: null },
    { k: 'r' },
  ],
};
for (let round = 0; round < config.warmupRuns; round++) await runJob({ ...warmupJob, id: -round }, () => {});
dropInstance();
instance = await newInstance();
send({
  t: 'hello',
  pid: process.pid,
  uid: process.getuid?.() ?? -1,
  node: process.version,
  wasmMaxBytes: MAX_PAGES * PAGE,
});
listen();
