/**
 * Source of the worker threads of {@link topKParallel}, evaluated with `new Worker(source, { eval: true })`
 * so that it works unchanged from `src/` (tsx, vitest) and from the ESM and CommonJS builds.
 *
 * The worker holds no search logic: it instantiates the shared kernel module over the shared memory and,
 * for each `phase` message, claims task indices from the shared counter and runs the named kernel export
 * on each (the same loop as `claimTasks` in `kernel-runner.ts`) until none is left, then answers `done`.
 * Errors are answered as `error` messages.
 *
 * Messages in: `{ type: 'phase', fn: 'packTask' | 'processBlock', count }`. Messages out:
 * `{ type: 'ready' }`, `{ type: 'done' }`, `{ type: 'error', message }`. `workerData`:
 * `{ module, memory, scratch, counterIndex }`.
 *
 * @internal
 */
export const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { module, memory, scratch, counterIndex } = workerData;
let kernel;
let counter;
try {
  kernel = new WebAssembly.Instance(module, { env: { memory } }).exports;
  counter = new Int32Array(memory.buffer);
} catch (error) {
  parentPort.postMessage({ type: 'error', message: String((error && error.stack) || error) });
}
parentPort.on('message', (message) => {
  if (message.type !== 'phase' || kernel === undefined) return;
  try {
    const run = kernel[message.fn];
    for (;;) {
      const task = Atomics.add(counter, counterIndex, 1);
      if (task >= message.count) break;
      run(0, task, scratch);
    }
    parentPort.postMessage({ type: 'done' });
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String((error && error.stack) || error) });
  }
});
if (kernel !== undefined) parentPort.postMessage({ type: 'ready' });
`;
