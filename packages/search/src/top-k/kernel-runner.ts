/**
 * Drives the WebAssembly kernel: plans the shared linear memory and runs "rounds" (one query batch
 * against one document chunk). A round has two phases whose tasks any number of threads claim from a
 * shared counter: `packTask`s turn raw rows into panels, then `processBlock`s score query blocks against
 * the chunk. Every task is run by exactly one thread, each query's heap sees the chunks in ascending tie
 * order, and no task depends on which thread runs it, so results do not depend on the thread count.
 *
 * Per round, the calling thread: `beginRound` (copy raw rows in, write the plan record) → pack phase →
 * `checkPacked` (validate values from the row sums of squares) → compute phase → `finish` (when the
 * round ends its query batch).
 *
 * @internal
 */
import { drainBestFirst, resetHeaps } from './bounded-heap.js';
import {
  instantiateKernel,
  type KernelExports,
  kernelModule,
  MAX_PAGES,
  MR,
  NR,
  PACK_ROWS_PER_TASK,
  PLAN,
  PLAN_BYTES,
  SUM_BLOCK,
} from './score-kernel.js';
import { type SearchProblem, ValueGuard } from './search-input.js';
import { type WasmMemory, wasm } from './wasm-api.js';

/** Dimensions per K block of the kernel: the summation block of the arithmetic contract. */
const KC = SUM_BLOCK;
/** Document panels per document block (NR documents each): 64 × 8 = 512 documents. */
const PANELS_PER_DOC_BLOCK = 64;
/** Largest number of query micro-panels in one query block (MR queries each): 32 × 4 = 128 queries. */
const MAX_MICRO_PER_BLOCK = 32;

const PAGE = 65536;
/** Index (in i32 units) of the shared task counter, right after the plan record. */
export const TASK_COUNTER_INDEX = PLAN_BYTES / 4;
const HEADER_BYTES = PLAN_BYTES + 128;

/** Memory layout and batching of one search. */
export interface KernelPlan {
  readonly problem: SearchProblem;
  /** Queries per batch (a multiple of the query block unless it covers all queries). */
  readonly queryBatch: number;
  /** Documents per chunk (a multiple of NR unless it covers all documents). */
  readonly docChunk: number;
  /** Query micro-panels per query block. */
  readonly microPerBlock: number;
  readonly aOffset: number;
  readonly rawAOffset: number;
  readonly sumsAOffset: number;
  readonly bOffset: number;
  readonly rawBOffset: number;
  readonly sumsBOffset: number;
  readonly heapSOffset: number;
  readonly heapIOffset: number;
  readonly scratchOffset: number;
  readonly scratchBytes: number;
  readonly threads: number;
  readonly totalBytes: number;
}

const align = (n: number, to: number) => Math.ceil(n / to) * to;

/**
 * Chooses batch and chunk sizes so that the memory stays within `maxMemoryBytes` (and 4 GiB), preferring
 * one round (every query, every document) when it fits. Each query row needs its raw and packed values,
 * a sum of squares and k heap entries; each document row its raw and packed values and a sum of squares.
 *
 * @throws RangeError when not even one query block and one document panel fit.
 */
export function planKernel(problem: SearchProblem, threads: number, maxMemoryBytes: number): KernelPlan {
  const { dims, k, nQueries, nDocs } = problem;
  const budget = Math.min(maxMemoryBytes, MAX_PAGES * PAGE);
  const nMicroAll = Math.max(1, Math.ceil(nQueries / MR));
  // Enough blocks for dynamic balancing (about four per thread), but no block above 128 queries.
  const microPerBlock = Math.max(1, Math.min(MAX_MICRO_PER_BLOCK, Math.ceil(nMicroAll / (4 * threads))));
  const scratchBytes = align(microPerBlock * MR * PANELS_PER_DOC_BLOCK * NR * 4, 64);
  const fixed = HEADER_BYTES + threads * scratchBytes + 10 * 64;
  const docBytesPerRow = 2 * dims * 4 + 8;
  const queryBytesPerRow = 2 * dims * 4 + 8 + k * 8;
  const allDocs = align(nDocs, NR) * docBytesPerRow;
  const allQueries = align(Math.max(nQueries, 1), MR) * queryBytesPerRow;
  let queryBatch: number;
  let docChunk: number;
  if (fixed + allDocs + allQueries <= budget) {
    queryBatch = Math.max(nQueries, 1);
    docChunk = nDocs;
  } else {
    // Half the remaining budget to documents, the rest to queries, in whole panels and blocks.
    const room = budget - fixed;
    const blockRows = microPerBlock * MR;
    docChunk = Math.min(nDocs, Math.max(0, Math.floor(room / 2 / (docBytesPerRow * NR)) * NR));
    const queryRoom = room - align(docChunk, NR) * docBytesPerRow;
    queryBatch = Math.min(
      Math.max(nQueries, 1),
      Math.max(0, Math.floor(queryRoom / (queryBytesPerRow * blockRows)) * blockRows),
    );
    if (docChunk < 1 || queryBatch < 1) {
      throw new RangeError(
        `${problem.where}: maxMemoryBytes ${maxMemoryBytes} cannot hold one block of ${blockRows} queries and ${NR} documents at dims ${dims} and k ${k}`,
      );
    }
  }
  const queryRows = align(queryBatch, MR);
  const docRows = align(docChunk, NR);
  let offset = HEADER_BYTES;
  const take = (bytes: number) => {
    const at = offset;
    offset = align(offset + bytes, 64);
    return at;
  };
  const aOffset = take(queryRows * dims * 4);
  const rawAOffset = take(queryBatch * dims * 4);
  const sumsAOffset = take(queryBatch * 8);
  const bOffset = take(docRows * dims * 4);
  const rawBOffset = take(docChunk * dims * 4);
  const sumsBOffset = take(docChunk * 8);
  const heapSOffset = take(queryBatch * k * 4);
  const heapIOffset = take(queryBatch * k * 4);
  const scratchOffset = take(threads * scratchBytes);
  return {
    problem,
    queryBatch,
    docChunk,
    microPerBlock,
    aOffset,
    rawAOffset,
    sumsAOffset,
    bOffset,
    rawBOffset,
    sumsBOffset,
    heapSOffset,
    heapIOffset,
    scratchOffset,
    scratchBytes,
    threads,
    totalBytes: offset,
  };
}

/** Shared memory sized for `plan`. */
export function allocateMemory(plan: KernelPlan): WasmMemory {
  const pages = Math.ceil(plan.totalBytes / PAGE);
  return new wasm.Memory({ initial: pages, maximum: pages, shared: true });
}

/** One round: a query batch against a document chunk. */
export interface Round {
  readonly queryFirst: number;
  readonly queryCount: number;
  readonly docFirst: number;
  readonly docCount: number;
  /** Whether this round starts a new query batch (pack queries, reset heaps). */
  readonly newBatch: boolean;
  /** Whether this round ends its query batch (drain heaps into the result). */
  readonly endBatch: boolean;
  /** Number of `packTask`s of the pack phase. */
  readonly packTasks: number;
  /** Number of query blocks (`processBlock`s) of the compute phase. */
  readonly blocks: number;
}

/** The rounds of `plan`, batch-major, chunks in ascending tie order. */
export function rounds(plan: KernelPlan): Round[] {
  const { nQueries, nDocs } = plan.problem;
  const out: Round[] = [];
  for (let q = 0; q < nQueries; q += plan.queryBatch) {
    const queryCount = Math.min(plan.queryBatch, nQueries - q);
    const blocks = Math.ceil(Math.ceil(queryCount / MR) / plan.microPerBlock);
    for (let d = 0; d < nDocs; d += plan.docChunk) {
      const docCount = Math.min(plan.docChunk, nDocs - d);
      const newBatch = d === 0;
      const packTasks =
        (newBatch ? Math.ceil(queryCount / PACK_ROWS_PER_TASK) : 0) + Math.ceil(docCount / PACK_ROWS_PER_TASK);
      out.push({
        queryFirst: q,
        queryCount,
        docFirst: d,
        docCount,
        newBatch,
        endBatch: d + docCount >= nDocs,
        packTasks,
        blocks,
      });
    }
  }
  return out;
}

/** The JS side of one memory: views, raw copies, validation and result draining. */
export class KernelMemory {
  readonly f32: Float32Array;
  readonly f64: Float64Array;
  readonly i32: Int32Array;
  readonly indices: Int32Array;
  readonly scores: Float32Array;
  private readonly guard: ValueGuard;

  constructor(
    readonly plan: KernelPlan,
    readonly memory: WasmMemory,
  ) {
    this.f32 = new Float32Array(memory.buffer);
    this.f64 = new Float64Array(memory.buffer);
    this.i32 = new Int32Array(memory.buffer);
    const { nQueries, k } = plan.problem;
    this.indices = new Int32Array(nQueries * k);
    this.scores = new Float32Array(nQueries * k);
    this.guard = new ValueGuard(plan.problem);
  }

  /** Byte offset of thread `t`'s score scratch. */
  scratch(thread: number): number {
    return this.plan.scratchOffset + thread * this.plan.scratchBytes;
  }

  /** Copies the round's raw rows into memory, writes the plan record and resets the task counter. */
  beginRound(round: Round): void {
    const { plan, f32, i32 } = this;
    const { problem } = plan;
    const { dims, k, order } = problem;
    if (round.newBatch) {
      f32.set(
        problem.queries.subarray(round.queryFirst * dims, (round.queryFirst + round.queryCount) * dims),
        plan.rawAOffset / 4,
      );
      resetHeaps(
        f32.subarray(plan.heapSOffset / 4, plan.heapSOffset / 4 + round.queryCount * k),
        i32.subarray(plan.heapIOffset / 4, plan.heapIOffset / 4 + round.queryCount * k),
        0,
        round.queryCount,
        k,
      );
    }
    if (order === undefined) {
      f32.set(
        problem.docs.subarray(round.docFirst * dims, (round.docFirst + round.docCount) * dims),
        plan.rawBOffset / 4,
      );
    } else {
      for (let r = 0; r < round.docCount; r++) {
        const row = order[round.docFirst + r]!;
        f32.set(problem.docs.subarray(row * dims, (row + 1) * dims), plan.rawBOffset / 4 + r * dims);
      }
    }
    const fields: [number, number][] = [
      [PLAN.a, plan.aOffset],
      [PLAN.nQueries, round.queryCount],
      [PLAN.dims, dims],
      [PLAN.b, plan.bOffset],
      [PLAN.nDocs, round.docCount],
      [PLAN.docBase, round.docFirst],
      [PLAN.heapS, plan.heapSOffset],
      [PLAN.heapI, plan.heapIOffset],
      [PLAN.k, k],
      [PLAN.kc, KC],
      [PLAN.npb, PANELS_PER_DOC_BLOCK],
      [PLAN.mb, plan.microPerBlock],
      [PLAN.nPanels, Math.ceil(round.docCount / NR)],
      [PLAN.nMicro, Math.ceil(round.queryCount / MR)],
      [PLAN.rawA, plan.rawAOffset],
      [PLAN.rawB, plan.rawBOffset],
      [PLAN.sumsA, plan.sumsAOffset],
      [PLAN.sumsB, plan.sumsBOffset],
      [PLAN.packQueries, round.newBatch ? 1 : 0],
      [PLAN.metric, problem.metric === 'cosine' ? 1 : 0],
    ];
    for (const [offset, value] of fields) i32[offset / 4] = value;
    this.resetCounter();
  }

  /**
   * Validates the rows packed this round from their sums of squares (see `ValueGuard`) and resets the
   * task counter for the compute phase.
   *
   * @throws RangeError for a non-finite value or (dot) norms that could overflow float32.
   */
  checkPacked(round: Round): void {
    const { plan, f64, guard } = this;
    const { order } = plan.problem;
    if (round.newBatch) {
      for (let r = 0; r < round.queryCount; r++)
        guard.row('queries', round.queryFirst + r, f64[plan.sumsAOffset / 8 + r]!);
    }
    for (let r = 0; r < round.docCount; r++) {
      const position = round.docFirst + r;
      guard.row('docs', order === undefined ? position : order[position]!, f64[plan.sumsBOffset / 8 + r]!);
    }
    this.resetCounter();
  }

  /** Drains the batch's heaps best-first into the result arrays. */
  finish(round: Round): void {
    const { plan, f32, i32 } = this;
    const { k, order } = plan.problem;
    const heapS = f32.subarray(plan.heapSOffset / 4, plan.heapSOffset / 4 + round.queryCount * k);
    const heapI = i32.subarray(plan.heapIOffset / 4, plan.heapIOffset / 4 + round.queryCount * k);
    for (let q = 0; q < round.queryCount; q++) {
      drainBestFirst(heapS, heapI, q * k, k, order, this.scores, this.indices, (round.queryFirst + q) * k);
    }
  }

  private resetCounter(): void {
    Atomics.store(this.i32, TASK_COUNTER_INDEX, 0);
  }
}

/** The kernel functions that threads run as claimable tasks. */
export type KernelTask = 'packTask' | 'processBlock';

/** Claims tasks `0 … count−1` of the current phase from the shared counter and runs them until none is left. */
export function claimTasks(
  kernel: KernelExports,
  fn: KernelTask,
  i32: Int32Array,
  count: number,
  scratch: number,
): void {
  const run = kernel[fn];
  for (;;) {
    const task = Atomics.add(i32, TASK_COUNTER_INDEX, 1);
    if (task >= count) return;
    run(0, task, scratch);
  }
}

/** Runs every round of `plan` on the calling thread alone. */
export function runRoundsInThread(memory: KernelMemory, kernel: KernelExports): void {
  for (const round of rounds(memory.plan)) {
    memory.beginRound(round);
    claimTasks(kernel, 'packTask', memory.i32, round.packTasks, memory.scratch(0));
    memory.checkPacked(round);
    claimTasks(kernel, 'processBlock', memory.i32, round.blocks, memory.scratch(0));
    if (round.endBatch) memory.finish(round);
  }
}

export { instantiateKernel, kernelModule };
