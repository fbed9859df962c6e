// @execret/oracle JavaScript runner: the QuickJS engine host. A long-lived node process, started by the
// runner inside the sandbox (bubblewrap, rlimits, unprivileged uid), that runs jobs one at a time, each test
// of a job in a fresh QuickJS runtime (the snippet evaluated anew there, as the Python oracle re-executes it
// in a fresh namespace per test) inside a WebAssembly instance whose memory has a hard maximum. Untrusted
// code runs only inside QuickJS, which has no I/O of any kind; this file never evaluates it in node.
//
// Protocol: one JSON object per line. Jobs arrive on stdin; replies go to descriptor 3 (stdout is not
// read). The runner decides every outcome string itself from these reports and kills this process when a
// job overruns its budget (QuickJS's interrupt handler is soft: a single long native operation, such as a
// huge Array.prototype.join, does not check it).
//
//   in:  {"id":7,"code":"…","budgetMs":5000,"tests":[T,…]}
//        T = {"k":"p","src":"<expression>","msg":"<expression>"|null,"a":bool}  evaluate a probe (split test;
//                                                                              a: it uses `assert`)
//          | {"k":"w","src":"<statement>"}                              run a whole test (child test)
//          | {"k":"r"}                                                  nothing to evaluate (literal-only)
//          | {"k":"s"}                                                  skipped (decided by the runner)
//   out: {"t":"hello",…} once; then per job {"t":"ack","id":7}, per test in order one
//        {"t":"test","id":7,"i":0,"r":R}, followed, for a split test with a message expression whose value R
//        reported, by one {"t":"msg","id":7,"i":0,"r":M} (the message is evaluated only after R was sent);
//        then {"t":"done","id":7,"ms":…,"rss":…,"wasmBytes":…,"cpuMs":…} (cpuMs: this process's CPU time so
//        far, statistics only)
//        R = {"k":"v","v":"<serialized value>","m":null} | {"k":"ok"} | {"k":"e","e":"<describe>"} | {"k":"to"}
//        M = {"k":"m","m":"<messageOf>"} | {"k":"e","e":"<describe>"} | {"k":"to"}

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

/**
 * Runs pending promise jobs (microtasks) until none is left or the budget is spent: undefined when they ran
 * to completion, else `{ k: 'to' }`. (An out-of-memory inside a promise job only rejects that job's promise,
 * which nothing observes: a chain of jobs that grows until QuickJS's memory limit ends there, silently.)
 */
const drainJobs = (realm) => {
  while (realm.runtime.hasPendingJob()) {
    if (performance.now() > deadline) return { k: 'to' };
    const result = realm.runtime.executePendingJobs(1000);
    if (result.error) result.error.dispose();
    else if (result.value?.dispose) result.value.dispose();
    if (interrupted) return { k: 'to' };
  }
  return undefined;
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

/** Calls `(function (assert) { … })` made of `wrapped`: `{ value }` (a handle) or `{ report }` when it threw. */
const callWrapped = (realm, wrapped, filename) => {
  const compiled = evaluate(realm, wrapped, filename);
  if (compiled.error) {
    const report = thrownReport(realm, compiled.error);
    compiled.error.dispose();
    return { report };
  }
  const called = realm.context.callFunction(compiled.value, realm.context.undefined, realm.assert);
  compiled.value.dispose();
  if (called.error) {
    const report = thrownReport(realm, called.error);
    called.error.dispose();
    return { report };
  }
  return { value: called.value };
};

/** The message argument of a split test: `{ text }` (messageOf's JSON) or `{ report }` when it threw. */
const evaluateMessage = (realm, source, index) => {
  const made = callWrapped(realm, `(function (assert) { return (\n${source}\n); })`, `test-${index + 1}-message.js`);
  if (made.report !== undefined) return made;
  const described = takeString(realm, realm.context.callFunction(realm.messageOf, realm.context.undefined, made.value));
  made.value.dispose();
  if (described.error !== undefined) return { report: interrupted ? { k: 'to' } : { k: 'e', e: described.error } };
  return { text: described.text };
};

/**
 * Runs one test in `realm` (the snippet already evaluated there) and reports it through `out`: `out.test` once,
 * and for a split test with a message expression whose value was reported, `out.message` once more.
 *
 * A split test's value is serialised (by the prelude's captured functions) and reported before anything of the
 * expected side runs: the message expression, which may show the expected value to code of the snippet (a
 * template literal calls `Array.prototype.join`, a message may call `JSON.stringify`), runs only after its
 * test's value is fixed and on its way to the runner. As in node, a message that throws (or is an Error) still
 * decides the outcome; its side effects on the tested value are not seen by the verdict.
 */
const runTest = (realm, test, index, out) => {
  if (test.k === 'r') return out.test(drainJobs(realm) ?? { k: 'ok' });
  const wrapped =
    test.k === 'p' ? `(function (assert) { return (\n${test.src}\n); })` : `(function (assert) {\n${test.src}\n})`;
  const made = callWrapped(realm, wrapped, `test-${index + 1}.js`);
  if (made.report !== undefined) return out.test(made.report);
  if (test.k !== 'p') {
    made.value.dispose();
    return out.test(drainJobs(realm) ?? { k: 'ok' });
  }
  const serialized = takeString(
    realm,
    realm.context.callFunction(realm.serialize, realm.context.undefined, made.value),
  );
  made.value.dispose();
  if (serialized.error !== undefined) return out.test(interrupted ? { k: 'to' } : { k: 'e', e: serialized.error });
  const value = { k: 'v', v: serialized.text, m: null };
  if (typeof test.msg !== 'string') return out.test(drainJobs(realm) ?? value);
  out.test(value);
  const described = evaluateMessage(realm, test.msg, index);
  if (described.report !== undefined) return out.message(described.report);
  return out.message(drainJobs(realm) ?? { k: 'm', m: described.text });
};

/** A usable WebAssembly instance (a fresh one when the last failed). */
const ensureInstance = async () => {
  if (instance?.poisoned) dropInstance();
  if (instance === undefined) instance = await newInstance();
};

const closeRealm = (realm) => {
  try {
    realm.close();
  } catch {
    if (instance) instance.poisoned = true;
  }
};

/**
 * One test from fresh snippet state: a fresh runtime and context (prelude, and the assert module when the test
 * uses `assert`), the snippet evaluated there (its error, or TIMEOUT, is the test's outcome), then the test. A
 * fault of the instance (its native stack overflowed, QuickJS aborted) is the running test's outcome; the
 * next test gets a fresh instance.
 */
const runTestFresh = async (job, test, index, out) => {
  let realm;
  try {
    await ensureInstance();
    realm = openRealm(test.k === 'w' || (test.k === 'p' && test.a === true));
    const ran = evaluate(realm, job.code, 'snippet.js');
    let snippetError;
    if (ran.error) {
      snippetError = thrownReport(realm, ran.error);
      ran.error.dispose();
    } else {
      ran.value.dispose();
      snippetError = drainJobs(realm);
    }
    if (snippetError !== undefined) out.test(snippetError);
    else runTest(realm, test, index, out);
    closeRealm(realm);
  } catch (error) {
    if (instance) instance.poisoned = true;
    out.fault(interrupted ? { k: 'to' } : { k: 'e', e: hostDescribe(error) });
  }
};

const runJob = async (job, emit = send) => {
  const started = performance.now();
  deadline = started + job.budgetMs;
  interrupted = false;
  emit({ t: 'ack', id: job.id });
  await ensureInstance();
  instanceJobs++;
  for (let index = 0; index < job.tests.length; index++) {
    const test = job.tests[index];
    // What is still owed for this test: its report, then (a split test with a message) the message's.
    let owed = 'test';
    const out = {
      test: (r) => {
        emit({ t: 'test', id: job.id, i: index, r });
        owed = r.k === 'v' && typeof test.msg === 'string' ? 'message' : 'nothing';
      },
      message: (r) => {
        emit({ t: 'msg', id: job.id, i: index, r });
        owed = 'nothing';
      },
      fault: (r) => {
        if (owed === 'test') out.test(r);
        else if (owed === 'message') out.message(r);
      },
    };
    if (test.k === 's') out.test({ k: 'ok' });
    else if (interrupted || performance.now() > deadline) out.test({ k: 'to' });
    else await runTestFresh(job, test, index, out);
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
  tests: [
    { k: 'p', src: 'warmup(1)', msg: null, a: false },
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal in the warm-up test's source
    { k: 'p', src: '[1, -0, "x", { a: [null, undefined, 2n] }]', msg: '`message ${1}`', a: false },
    { k: 'w', src: 'assert.deepStrictEqual(warmup(2), warmup(2))' },
    { k: 'w', src: "assert.throws(() => { throw new TypeError('t'); }, TypeError)" },
    { k: 'w', src: 'assert.strictEqual(1, 2)' },
    { k: 'p', src: "(() => { throw new RangeError('r'); })()", msg: null, a: false },
    { k: 'p', src: 'new Map([[1, 2]])', msg: null, a: true },
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
