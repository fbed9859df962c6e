import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  allocateMemory,
  claimTasks,
  instantiateKernel,
  KernelMemory,
  type KernelTask,
  kernelModule,
  planKernel,
  rounds,
  TASK_COUNTER_INDEX,
} from './kernel-runner.js';
import { validateSearch } from './search-input.js';
import { type TopKOptions, type TopKResult, validateMemory } from './top-k.js';
import type { WasmMemory, WasmModule } from './wasm-api.js';
import { WORKER_SOURCE } from './worker-source.js';

/**
 * Multiply-adds below which one more thread is not worth starting a worker (~20–40 ms each):
 * 2^26 ≈ 67 M, a few milliseconds of kernel time.
 */
export const TOPK_MIN_WORK_PER_THREAD = 2 ** 26;

/** Options of {@link topKParallel}: those of {@link topK} (WebAssembly engine) plus `threads`. */
export interface TopKParallelOptions extends Omit<TopKOptions, 'backend'> {
  /**
   * Most threads to use, the calling thread included (so `threads - 1` workers). Default
   * `os.availableParallelism()`. Fewer are used when the problem is small (see
   * {@link TOPK_MIN_WORK_PER_THREAD}) or has fewer query blocks than threads. `1` runs without workers.
   */
  threads?: number;
}

/**
 * {@link topK} spread over worker threads: the same definitions, tie rule, validation and errors, and
 * bit-identical results for every thread count. Rows are packed in tasks of 64 and queries scored in
 * blocks of up to 128 that the calling thread and the workers claim from a shared counter; everything
 * lives in one `SharedArrayBuffer`-backed WebAssembly memory, so nothing is copied per thread.
 *
 * Workers are started for the call and terminated before the promise settles.
 *
 * @throws TypeError / RangeError as {@link topK} (synchronously validated, reported as a rejection), and
 *   RangeError when `threads` is not a positive integer.
 * @example
 * const docs = new Float32Array([1, 0, 0, 1, 1, 1]);
 * const result = await topKParallel(new Float32Array([1, 0]), docs, 2, 2, { metric: 'cosine', threads: 2 });
 * // result.indices = Int32Array [0, 2] — identical to topK(...)
 */
export async function topKParallel(
  queries: Float32Array,
  docs: Float32Array,
  dims: number,
  k: number,
  options: TopKParallelOptions,
): Promise<TopKResult> {
  const problem = validateSearch(queries, docs, dims, k, options, 'topKParallel');
  const requested = options.threads ?? availableParallelism();
  if (typeof requested !== 'number' || !Number.isInteger(requested) || requested < 1) {
    throw new RangeError(
      `@execret/search topKParallel: threads must be a positive integer, received ${String(options.threads)}`,
    );
  }
  const maxMemoryBytes = validateMemory(options.maxMemoryBytes, 'topKParallel');
  const work = problem.nQueries * problem.nDocs * problem.dims;
  let threads = Math.max(1, Math.min(requested, Math.floor(work / TOPK_MIN_WORK_PER_THREAD)));
  let plan = planKernel(problem, threads, maxMemoryBytes);
  const maxBlocks = Math.max(0, ...rounds(plan).map((r) => r.blocks));
  if (maxBlocks < threads) {
    threads = Math.max(1, maxBlocks);
    plan = planKernel(problem, threads, maxMemoryBytes);
  }
  const memory = new KernelMemory(plan, allocateMemory(plan));
  const kernel = instantiateKernel(memory.memory);
  const workers: WorkerHandle[] = [];
  try {
    for (let t = 1; t < threads; t++) {
      workers.push(new WorkerHandle(kernelModule(), memory.memory, memory.scratch(t)));
    }
    // One phase: every thread claims tasks of `fn` until none is left.
    const phase = async (fn: KernelTask, count: number) => {
      const finished = Promise.all(workers.map((w) => w.run(fn, count)));
      // Keep a rejection from being reported as unhandled while this thread works.
      finished.catch(() => undefined);
      claimTasks(kernel, fn, memory.i32, count, memory.scratch(0));
      await finished;
    };
    for (const round of rounds(plan)) {
      memory.beginRound(round);
      await phase('packTask', round.packTasks);
      memory.checkPacked(round);
      await phase('processBlock', round.blocks);
      if (round.endBatch) memory.finish(round);
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { indices: memory.indices, scores: memory.scores, rows: problem.nQueries, k };
}

/** One worker and the outcome of its current round. */
class WorkerHandle {
  private readonly worker: Worker;
  private pending: { resolve: () => void; reject: (error: Error) => void } | undefined;
  private failure: Error | undefined;

  constructor(module: WasmModule, memory: WasmMemory, scratch: number) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { module, memory, scratch, counterIndex: TASK_COUNTER_INDEX },
    });
    this.worker.on('message', (message: { type: string; message?: string }) => {
      if (message.type === 'done') this.settle(undefined);
      else if (message.type === 'error')
        this.settle(new Error(`@execret/search topKParallel: worker failed: ${message.message ?? ''}`));
    });
    this.worker.on('error', (error) =>
      this.settle(new Error(`@execret/search topKParallel: worker failed: ${error.message}`, { cause: error })),
    );
    this.worker.on('exit', (code) =>
      this.settle(new Error(`@execret/search topKParallel: worker exited with code ${code}`)),
    );
  }

  /** Asks the worker to claim tasks of the current phase; resolves when it has no more to claim. */
  run(fn: KernelTask, count: number): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage({ type: 'phase', fn, count });
    });
  }

  async terminate(): Promise<void> {
    this.worker.removeAllListeners();
    await this.worker.terminate();
  }

  private settle(error: Error | undefined): void {
    if (error !== undefined && this.failure === undefined) this.failure = error;
    const pending = this.pending;
    this.pending = undefined;
    if (pending === undefined) return;
    if (error === undefined) pending.resolve();
    else pending.reject(error);
  }
}
