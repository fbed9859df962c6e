// Classes 2 and 3 of the third round of attacks (issue 26), for the JavaScript runner.
// 2. No expected value, message expression or child test's source is inside an engine process while a split
//    value is still inside it: a job reaches its engine process in two phases, the second (the expected side's
//    code) only after the process has sent every split value. Before, the node engine received the whole job at
//    once, and a heap snapshot taken by the snippet found an expected value in a child test's source.
// 3. QuickJS without the features snippets do not need that widen its attack surface: a growable
//    SharedArrayBuffer gave a view of WebAssembly heap memory it does not own (live data, and what earlier
//    runtimes freed: source text an earlier test loaded); and no memory that one job can read after another
//    freed it: the instance's memory is put back to its pristine snapshot before every job.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle } from '../src/index.js';
import { runnerFiles } from '../src/js/runner-files.js';

const token = (): string => `execret-expected-${randomBytes(8).toString('hex')}`;

/** A probe that takes a heap snapshot of its own process (through the inspector, synchronously) and looks for an expected value in it. */
const HUNT = [
  'function hunt() {',
  "  const session = new (process.getBuiltinModule('inspector').Session)();",
  '  session.connect();',
  "  let text = '';",
  "  session.on('HeapProfiler.addHeapSnapshotChunk', (m) => { text += m.params.chunk; });",
  "  session.post('HeapProfiler.takeHeapSnapshot', null);",
  '  session.disconnect();',
  '  const found = /execret-expected-[0-9a-f]{16}/.exec(text);',
  "  return found ? found[0] : 'nothing';",
  '}',
];

describe.each([
  { isolation: 'bwrap' as const, sandboxUid: 65160 },
  { isolation: 'rlimit' as const, sandboxUid: 65150 },
])('the node engine under $isolation', ({ isolation, sandboxUid }) => {
  let oracle: Oracle | undefined;
  beforeAll(async () => {
    oracle = await createOracle({
      isolation,
      concurrency: 1,
      sandboxUid,
      timeoutMs: 20_000,
      javascript: { engine: 'node', concurrency: 1, sandboxUid: sandboxUid - 2 },
    }).catch(() => undefined);
  }, 60_000);
  afterAll(async () => {
    await oracle?.close();
  });

  it('never has a child test source in the process while split values are in it: a heap snapshot finds no expected value', async (ctx) => {
    if (!oracle) return ctx.skip();
    const secret = token();
    // The probe writes a heap snapshot of its own process and looks for an expected value in it.
    const code = HUNT.join('\n');
    const result = await oracle.run({
      code,
      tests: [`assert.strictEqual(hunt(), '${secret}')`, `assert.throws(() => { throw new Error('${secret}'); })`],
      language: 'javascript',
    });
    expect(result.judged).toEqual(['split', 'child']);
    expect(result.tests).toEqual(['FAIL', 'pass']);
  }, 60_000);

  it('never has a message expression in the process while split values are in it', async (ctx) => {
    if (!oracle) return ctx.skip();
    const secret = token();
    const code = HUNT.join('\n');
    const result = await oracle.run({
      code,
      tests: [`assert.strictEqual(hunt(), '${secret}', \`expected ${'${'}['${secret}']}\`)`],
      language: 'javascript',
    });
    expect(result.judged).toEqual(['split']);
    expect(result.tests).toEqual([`FAIL: expected ${secret}`]);
  }, 60_000);
});

describe.each([
  { isolation: 'bwrap' as const, sandboxUid: 65140 },
  { isolation: 'rlimit' as const, sandboxUid: 65130 },
])('QuickJS under $isolation', ({ isolation, sandboxUid }) => {
  let oracle: Oracle | undefined;
  beforeAll(async () => {
    oracle = await createOracle({
      isolation,
      concurrency: 1,
      sandboxUid,
      javascript: { concurrency: 1, sandboxUid: sandboxUid - 2 },
    }).catch(() => undefined);
  }, 60_000);
  afterAll(async () => {
    await oracle?.close();
  });

  it('has no shared memory or atomics for a snippet to grow past its buffer', async (ctx) => {
    if (!oracle) return ctx.skip();
    const result = await oracle.run({
      code: 'function grow() { const b = new SharedArrayBuffer(8, { maxByteLength: 1 << 22 }); b.grow(1 << 22); return new Uint8Array(b).some((x) => x !== 0); }',
      tests: [
        "assert.strictEqual(typeof SharedArrayBuffer, 'undefined')",
        "assert.strictEqual(typeof Atomics, 'undefined')",
        'assert.strictEqual(grow(), false)',
        // Resizable ArrayBuffers stay: QuickJS reallocates them (nothing foreign is visible).
        'assert.strictEqual((() => { const b = new ArrayBuffer(8, { maxByteLength: 1 << 22 }); b.resize(1 << 22); return new Uint8Array(b).some((x) => x !== 0); })(), false)',
      ],
      language: 'javascript',
    });
    expect(result.tests).toEqual(['pass', 'pass', "ERROR:ReferenceError: 'SharedArrayBuffer' is not defined", 'pass']);
  }, 60_000);
});

/** A QuickJS engine host started directly (no sandbox), with its reply lines and a way to wait for one. */
function startHost(config: Record<string, unknown>, nodeArgs: readonly string[] = []) {
  const files = runnerFiles();
  const { core, variant } = files.quickjs;
  const full = {
    coreEntry: join(core.root, 'dist', 'index.mjs'),
    variantEntry: join(variant.root, 'dist', 'index.mjs'),
    wasmPath: join(variant.root, 'dist', 'emscripten-module.wasm'),
    preludePath: join(files.jsDir, 'prelude.js'),
    assertPath: join(files.jsDir, 'assert.js'),
    warmupPath: join(files.jsDir, 'warmup.js'),
    warmupRuns: 1,
    memoryBytes: 64 << 20,
    wasmMaxBytes: 128 << 20,
    stackBytes: 1 << 21,
    maxJobsPerInstance: 64,
    ...config,
  };
  const host = spawn(process.execPath, [...nodeArgs, join(files.jsDir, 'quickjs-host.mjs'), JSON.stringify(full)], {
    stdio: ['pipe', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  host.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => host.on('exit', () => resolve()));
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  const waiters: (() => void)[] = [];
  (host.stdio[3] as NodeJS.ReadableStream).setEncoding('utf8');
  (host.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: string) => {
    buffered += chunk;
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      lines.push(JSON.parse(buffered.slice(0, nl)) as Record<string, unknown>);
      buffered = buffered.slice(nl + 1);
      nl = buffered.indexOf('\n');
    }
    for (const w of waiters.splice(0)) w();
  });
  return {
    host,
    lines,
    stderr: () => stderr,
    exited,
    next: async (predicate: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> => {
      for (;;) {
        const found = lines.find(predicate);
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    send: (message: unknown): void => {
      (host.stdin as NodeJS.WritableStream).write(`${JSON.stringify(message)}\n`);
    },
  };
}

describe('a QuickJS engine host', () => {
  it('starts every job with the WebAssembly memory of a new instance: nothing of an earlier job is in it', async () => {
    const marker = token();
    const { host, lines, next, send } = startHost({ residueMarker: marker });
    try {
      await next((l) => l.t === 'hello');
      // Job 1 puts the marker into the heap in every way a job can: its snippet, a probe, a message, a child test.
      send({
        id: 1,
        code: `const kept = '${marker}'.repeat(3);`,
        budgetMs: 10_000,
        tests: [{ k: 'p', src: `'${marker}'.length`, m: true, a: false }, { k: 'w' }],
      });
      await next((l) => l.t === 'sealed' && l.id === 1);
      send({
        id: 1,
        phase2: [
          { i: 0, msg: `'${marker}'` },
          { i: 1, src: `assert.strictEqual('${marker}'.length, 0)` },
        ],
      });
      const first = await next((l) => l.t === 'done' && l.id === 1);
      expect(first.residue).toBe(false);
      // Job 2 runs on the same instance: the marker must not be anywhere in the memory it starts with.
      send({ id: 2, code: 'const x = 1;', budgetMs: 10_000, tests: [{ k: 'p', src: 'x', m: false, a: false }] });
      const second = await next((l) => l.t === 'done' && l.id === 2);
      expect(second.residue).toBe(false);
      expect(lines.filter((l) => l.t === 'test' && l.id === 2)).toEqual([
        { t: 'test', id: 2, i: 0, r: { k: 'v', v: '["d","1"]', m: null } },
      ]);
    } finally {
      host.kill('SIGKILL');
    }
  }, 60_000);

  it('makes one WebAssembly memory however many instances its jobs wear out', async () => {
    // A job that runs past its budget leaves its instance unusable (QuickJS was interrupted anywhere), so the next job
    // gets a new instance; so do tests that wear one out within a job. One memory per instance left each replaced
    // memory, grown by its jobs, for the garbage collector to free in its own time: under load several were alive at
    // once, past the process's data limit, and V8 aborted the process (ERROR:ChildExited: exit status 134).
    const dir = await mkdtemp(join(tmpdir(), 'execret-memories-'));
    const count = join(dir, 'count-memories.mjs');
    await writeFile(
      count,
      [
        'let made = 0;',
        'const Memory = WebAssembly.Memory;',
        'WebAssembly.Memory = new Proxy(Memory, { construct: (target, args) => { made++; return Reflect.construct(target, args); } });',
        "process.on('exit', () => process.stderr.write('WebAssembly memories made: ' + made + '\\n'));",
      ].join('\n'),
    );
    const marker = token();
    const { host, next, send, stderr, exited } = startHost({ residueMarker: marker }, [
      '--import',
      pathToFileURL(count).href,
    ]);
    try {
      await next((l) => l.t === 'hello');
      const grow = `const kept = '${marker}'.repeat(3); const keep = []; for (let i = 0; i < 60; i++) keep.push(new Array(1e5).fill(7));`;
      for (const id of [1, 2, 3]) {
        send({ id, code: `${grow} for (;;) {}`, budgetMs: 300, tests: [{ k: 'p', src: '1', m: false, a: false }] });
        expect(await next((l) => l.t === 'test' && l.id === id)).toMatchObject({ r: { k: 'to' } });
        expect((await next((l) => l.t === 'done' && l.id === id)).wasmBytes).toBeGreaterThan(32 << 20);
      }
      // the next job's instance is a new one over the same memory, zeroed first: nothing of the worn-out ones is in it
      send({ id: 4, code: 'const x = 1;', budgetMs: 10_000, tests: [{ k: 'p', src: 'x', m: false, a: false }] });
      expect(await next((l) => l.t === 'done' && l.id === 4)).toMatchObject({ residue: false });
      (host.stdin as NodeJS.WritableStream).end();
      await exited;
      expect(stderr()).toMatch(/WebAssembly memories made: 1\n/);
    } finally {
      host.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
