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
//   in:  {"id":7,"code":"…","budgetMs":5000,"tests":[T,…]}                    a job's first phase
//        T = {"k":"p","src":"<expression>","m":bool,"a":bool}   evaluate a probe (split test; m: it has a message
//                                                               expression, which comes later; a: the probe uses
//                                                               `assert`)
//          | {"k":"w"}                                          a child test: its statement comes later
//          | {"k":"r"}                                          nothing to evaluate (literal-only)
//          | {"k":"s"}                                          skipped (decided by the runner)
//        {"id":7,"phase2":[{"i":0,"msg":"<expression>"}|{"i":1,"src":"<statement>"},…]}   once sealed
//   out: {"t":"hello",…} once; then per job {"t":"ack","id":7}; per test of the first phase (every test but
//        the child tests), in order, one {"t":"test","id":7,"i":0,"r":R}; when the job has a message expression
//        or a child test, {"t":"sealed","id":7} (every split value has been sent) and, once the phase-2 line
//        came, in test order one {"t":"msg","id":7,"i":0,"r":M} per split test with a message whose value R
//        reported (evaluated in that test's realm) and one {"t":"test",…} per child test (a fresh realm);
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

/**
 * The one WebAssembly memory of this process, shared by every instance of QuickJS it makes, so that what the process
 * holds is one memory of at most `wasmMaxBytes` whatever the jobs do: a replaced instance's memory is not left for the
 * garbage collector to free (in its own time, which under load came after the next instance had grown its own, past
 * the process's data limit, and V8 aborts the process when a memory cannot grow). A memory never shrinks: a process
 * whose memory grew large is retired by the runner after the job (`recycleWasmBytes`).
 */
const memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAX_PAGES });

/** How many bytes from the start of `bytes` hold anything but zeros (a backwards scan, one 32-bit word at a time). */
const usedLength = (bytes) => {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  let end = words.length;
  while (end > 0 && words[end - 1] === 0) end--;
  return end << 2;
};

/**
 * One WebAssembly instance of QuickJS over the process's memory; replaced when a job leaves it unusable. The memory
 * is zeroed first (nothing of the instance it replaces stays), and put back, byte for byte, to a snapshot taken when
 * the instance was new (after one throwaway realm, so that what QuickJS sets up once is in it) before every job:
 * nothing a job left in the WebAssembly heap, freed or not (a snippet, a test's source, a message), is there for the
 * next one to find through a memory-safety bug of the engine. No code of a replaced instance runs again.
 */
let instance;
let instanceJobs = 0;
const newInstance = async () => {
  new Uint8Array(memory.buffer).fill(0);
  const module = await newQuickJSWASMModuleFromVariant(newVariant(baseVariant, { wasmModule, wasmMemory: memory }));
  const made = { module, poisoned: false, snapshot: undefined, dirty: false };
  const first = module.newRuntime();
  first.newContext().dispose();
  first.dispose();
  const heap = new Uint8Array(memory.buffer);
  made.snapshot = heap.slice(0, usedLength(heap));
  return made;
};
/** The instance's memory as it was when new (see newInstance); every byte the snapshot does not cover zeroed. */
const restoreMemory = (target) => {
  if (!target.dirty) return;
  const heap = new Uint8Array(memory.buffer);
  heap.set(target.snapshot);
  if (heap.length > target.snapshot.length) heap.fill(0, target.snapshot.length);
  target.dirty = false;
};
const dropInstance = () => {
  instance = undefined;
  instanceJobs = 0;
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

/**
 * Globals QuickJS has that snippets do not need and that widen the engine's attack surface: shared memory
 * (growing a growable SharedArrayBuffer gave a view of WebAssembly heap memory it does not own: live data and
 * what earlier runtimes freed) and atomics. Removed from every realm before anything else runs there; nothing
 * else refers to them.
 */
const REMOVED_GLOBALS = 'delete globalThis.SharedArrayBuffer; delete globalThis.Atomics;';

/** A fresh runtime and context with the prelude evaluated; throws EngineFault when the instance fails. */
const openRealm = (needsAssert) => {
  instance.dirty = true;
  const runtime = instance.module.newRuntime();
  runtime.setMemoryLimit(config.memoryBytes);
  runtime.setMaxStackSize(config.stackBytes);
  runtime.setInterruptHandler(shouldInterrupt);
  const context = runtime.newContext();
  const removed = context.evalCode(REMOVED_GLOBALS, 'execret-removed.js');
  if (removed.error) {
    removed.error.dispose();
    throw new EngineFault('the engine features could not be removed');
  }
  removed.value.dispose();
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
  const close = () => {
    for (const handle of handles) if (handle.alive) handle.dispose();
    context.dispose();
    runtime.dispose();
  };
  const realm = {
    runtime,
    context,
    serialize,
    describe,
    messageOf,
    intrinsics,
    keep,
    assert: context.undefined,
    close,
  };
  if (needsAssert) withAssert(realm);
  return realm;
};

/** Builds the realm's `assert` (js/assert.js over the intrinsics the prelude captured) unless it has one. */
const withAssert = (realm) => {
  const { context } = realm;
  if (realm.assert !== context.undefined) return;
  const assertFactory = context.evalCode(ASSERT, 'execret-assert.js');
  if (assertFactory.error) {
    assertFactory.error.dispose();
    throw new EngineFault('the assert module did not evaluate');
  }
  const built = context.callFunction(assertFactory.value, context.undefined, realm.intrinsics);
  assertFactory.value.dispose();
  if (built.error) {
    built.error.dispose();
    throw new EngineFault('the assert factory failed');
  }
  realm.assert = realm.keep(built.value);
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

/**
 * First phase of a test in `realm` (the snippet already evaluated there): a literal test reports `ok`; a split
 * test's probe is evaluated and its value serialised (by the prelude's captured functions) and reported.
 * Returns whether the realm is to be kept for the test's message expression (the value was reported and the
 * test has one). Nothing of a test's expected side is in this process yet.
 */
const runFirst = (realm, test, index, report) => {
  if (test.k === 'r') {
    report(drainJobs(realm) ?? { k: 'ok' });
    return false;
  }
  const made = callWrapped(realm, `(function (assert) { return (\n${test.src}\n); })`, `test-${index + 1}.js`);
  if (made.report !== undefined) {
    report(made.report);
    return false;
  }
  const serialized = takeString(
    realm,
    realm.context.callFunction(realm.serialize, realm.context.undefined, made.value),
  );
  made.value.dispose();
  if (serialized.error !== undefined) {
    report(interrupted ? { k: 'to' } : { k: 'e', e: serialized.error });
    return false;
  }
  const value = { k: 'v', v: serialized.text, m: null };
  const drained = drainJobs(realm);
  report(drained ?? value);
  return drained === undefined && test.m === true;
};

/**
 * A split test's message expression, in the realm its probe ran in, after every split value of the job has
 * been sent: as in node, a message that throws (or is an Error) still decides the outcome; its side effects on
 * the tested value are not seen by the verdict. `assert` is built for a message that mentions it.
 */
const runMessage = (realm, source, index) => {
  if (/\bassert\b/.test(source)) withAssert(realm);
  const made = callWrapped(realm, `(function (assert) { return (\n${source}\n); })`, `test-${index + 1}-message.js`);
  if (made.report !== undefined) return made.report;
  const described = takeString(realm, realm.context.callFunction(realm.messageOf, realm.context.undefined, made.value));
  made.value.dispose();
  if (described.error !== undefined) return interrupted ? { k: 'to' } : { k: 'e', e: described.error };
  return drainJobs(realm) ?? { k: 'm', m: described.text };
};

/** A child test's statement in `realm` (the snippet already evaluated there). */
const runChild = (realm, source, index) => {
  const made = callWrapped(realm, `(function (assert) {\n${source}\n})`, `test-${index + 1}.js`);
  if (made.report !== undefined) return made.report;
  made.value.dispose();
  return drainJobs(realm) ?? { k: 'ok' };
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
 * A fresh realm with the snippet evaluated in it, then `use(realm)`: its report (the snippet's error, or TIMEOUT,
 * when the snippet failed). The realm is closed unless `use` says to keep it. A fault of the instance (its native
 * stack overflowed, QuickJS aborted) is the running test's report; the next test gets a fresh instance.
 */
const withFreshRealm = async (job, needsAssert, use) => {
  let realm;
  try {
    await ensureInstance();
    realm = openRealm(needsAssert);
    const ran = evaluate(realm, job.code, 'snippet.js');
    let snippetError;
    if (ran.error) {
      snippetError = thrownReport(realm, ran.error);
      ran.error.dispose();
    } else {
      ran.value.dispose();
      snippetError = drainJobs(realm);
    }
    const keep = snippetError === undefined ? use(realm, undefined) : use(realm, snippetError);
    if (!keep) closeRealm(realm);
    return keep ? realm : undefined;
  } catch (error) {
    if (instance) instance.poisoned = true;
    use(undefined, interrupted ? { k: 'to' } : { k: 'e', e: hostDescribe(error) });
    return undefined;
  }
};

/** Lines of a job's second phase, as they arrive: the job waiting for its own resolves it. */
let awaitingPhase2;
const phase2Of = (id) =>
  new Promise((resolve) => {
    awaitingPhase2 = { id, resolve };
  });

const overBudget = () => interrupted || performance.now() > deadline;

/**
 * Runs one job in two phases (see the protocol at the top), each test from fresh snippet state. First every test
 * that carries nothing of its expected side: split tests' probes, whose values are serialised and sent, and
 * literal tests. Then, once `sealed` is sent and the withheld parts have come, in test order, the split tests'
 * message expressions (in their probe's realm) and the child tests (fresh realms). So no expected value, message
 * expression or child test's source is in this process, nor in the WebAssembly heap, while a split value is
 * still to be sent. The instance's memory is restored to its pristine snapshot first: nothing of the previous
 * job is in it.
 */
const runJob = async (job, emit = send, secondPhase = phase2Of) => {
  // The instance is made ready before the job is acknowledged: a host that fails here (no memory for a new
  // instance) has run nothing of the job, which the runner then gives to another host.
  await ensureInstance();
  restoreMemory(instance);
  const started = performance.now();
  deadline = started + job.budgetMs;
  interrupted = false;
  emit({ t: 'ack', id: job.id });
  // A tests' seam (config.residueMarker, never set by the runner): whether the marker's bytes are anywhere in the
  // WebAssembly memory this job starts with, i.e. whether anything of an earlier job survived the restore.
  const residue =
    typeof config.residueMarker === 'string'
      ? Buffer.from(memory.buffer).indexOf(config.residueMarker) >= 0
      : undefined;
  instanceJobs++;
  const report = (index, r) => emit({ t: 'test', id: job.id, i: index, r });
  const kept = new Map();
  let withholding = false;
  for (let index = 0; index < job.tests.length; index++) {
    const test = job.tests[index];
    if (test.k === 'w' || (test.k === 'p' && test.m === true)) withholding = true;
    if (test.k === 'w') continue;
    if (test.k === 's') {
      report(index, { k: 'ok' });
      continue;
    }
    if (overBudget()) {
      report(index, { k: 'to' });
      continue;
    }
    const realm = await withFreshRealm(job, test.k === 'p' && test.a === true, (fresh, failed) => {
      if (failed !== undefined) {
        report(index, failed);
        return false;
      }
      return runFirst(fresh, test, index, (r) => report(index, r));
    });
    if (realm !== undefined) kept.set(index, { realm, instance });
  }
  if (withholding) {
    emit({ t: 'sealed', id: job.id });
    const parts = [...(await secondPhase(job.id))].sort((a, b) => a.i - b.i);
    for (const part of parts) {
      const index = part.i;
      if (typeof part.msg === 'string') {
        const held = kept.get(index);
        if (held === undefined) continue; // no value was sent for it: no message is owed
        kept.delete(index);
        const message = (r) => emit({ t: 'msg', id: job.id, i: index, r });
        if (held.instance !== instance || held.instance.poisoned) {
          message({ k: 'e', e: hostDescribe(new Error('the instance of this test faulted')) });
          continue;
        }
        if (overBudget()) message({ k: 'to' });
        else {
          try {
            message(runMessage(held.realm, part.msg, index));
          } catch (error) {
            instance.poisoned = true;
            message(interrupted ? { k: 'to' } : { k: 'e', e: hostDescribe(error) });
            continue;
          }
        }
        closeRealm(held.realm);
      } else if (typeof part.src === 'string' && job.tests[index]?.k === 'w') {
        if (overBudget()) {
          report(index, { k: 'to' });
          continue;
        }
        await withFreshRealm(job, true, (fresh, failed) => {
          report(index, failed ?? runChild(fresh, part.src, index));
          return false;
        });
      }
    }
  }
  for (const held of kept.values()) if (held.instance === instance && !instance.poisoned) closeRealm(held.realm);
  // Nothing of this job may keep an instance alive: a dropped one must be collectable before the next is made.
  kept.clear();
  deadline = Number.POSITIVE_INFINITY;
  const wasmBytes = memory.buffer.byteLength;
  if (instance && (instance.poisoned || interrupted || instanceJobs >= config.maxJobsPerInstance)) dropInstance();
  const cpu = process.cpuUsage();
  emit({
    t: 'done',
    id: job.id,
    ms: performance.now() - started,
    rss: process.memoryUsage.rss(),
    wasmBytes,
    cpuMs: (cpu.user + cpu.system) / 1000,
    ...(residue === undefined ? {} : { residue }),
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
      if (line === '') {
        newline = buffered.indexOf('\n');
        continue;
      }
      const message = JSON.parse(line);
      if (Array.isArray(message.phase2)) {
        // The second phase of the running job (the runner sends it only after this host said `sealed`).
        const waiting = awaitingPhase2;
        if (waiting === undefined || waiting.id !== message.id) process.exit(70);
        awaitingPhase2 = undefined;
        waiting.resolve(message.phase2);
      } else queue.push(message);
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
    { k: 'p', src: 'warmup(1)', m: false, a: false },
    { k: 'p', src: '[1, -0, "x", { a: [null, undefined, 2n] }]', m: true, a: false },
    { k: 'w' },
    { k: 'w' },
    { k: 'w' },
    { k: 'p', src: "(() => { throw new RangeError('r'); })()", m: false, a: false },
    { k: 'p', src: 'new Map([[1, 2]])', m: false, a: true },
    { k: 'r' },
  ],
};
const warmupPhase2 = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal in the warm-up test's message
  { i: 1, msg: '`message ${1}`' },
  { i: 2, src: 'assert.deepStrictEqual(warmup(2), warmup(2))' },
  { i: 3, src: "assert.throws(() => { throw new TypeError('t'); }, TypeError)" },
  { i: 4, src: 'assert.strictEqual(1, 2)' },
];
for (let round = 0; round < config.warmupRuns; round++) {
  await runJob(
    { ...warmupJob, id: -round },
    () => {},
    async () => warmupPhase2,
  );
}
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
