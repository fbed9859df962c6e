/**
 * Drives the WebAssembly kernel: plans the shared linear memory, packs query batches and document chunks
 * into it, and runs "rounds" (one query batch against one document chunk) whose query blocks any number
 * of threads may claim from a shared counter. Every query block is processed by exactly one thread per
 * round and each query's heap sees the chunks in ascending tie order, so results do not depend on the
 * number of threads or on which thread ran which block.
 *
 * @internal
 */
import { drainBestFirst, resetHeaps } from './bounded-heap.js';
import { instantiateKernel, kernelModule, MAX_PAGES, MR, NR, PLAN, PLAN_BYTES, SUM_BLOCK, type KernelExports } from './score-kernel.js';
import { packPanels, ValueGuard, type SearchProblem } from './search-input.js';
import { wasm, type WasmMemory } from './wasm-api.js';

/** Dimensions per K block of the kernel: the summation block of the arithmetic contract. */
export const KC = SUM_BLOCK;
/** Document panels per document block (NR documents each): 64 × 8 = 512 documents. */
export const PANELS_PER_DOC_BLOCK = 64;
/** Largest number of query micro-panels in one query block (MR queries each): 32 × 4 = 128 queries. */
export const MAX_MICRO_PER_BLOCK = 32;

const PAGE = 65536;
const COUNTER_OFFSET = PLAN_BYTES; // one i32: next query block to claim
const HEADER_BYTES = 128;

/** Memory layout and batching of one search. */
export interface KernelPlan {
  readonly problem: SearchProblem;
  /** Queries per batch (a multiple of MR unless it covers all queries). */
  readonly queryBatch: number;
  /** Documents per chunk (a multiple of NR unless it covers all documents). */
  readonly docChunk: number;
  /** Query micro-panels per query block. */
  readonly microPerBlock: number;
  readonly aOffset: number;
  readonly bOffset: number;
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
 * one round (every query, every document) when it fits.
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
  const fixed = HEADER_BYTES + threads * scratchBytes + 4 * 64;
  const docBytesPerRow = dims * 4;
  const queryBytesPerRow = dims * 4 + k * 8;
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
    queryBatch = Math.min(Math.max(nQueries, 1), Math.max(0, Math.floor(queryRoom / (queryBytesPerRow * blockRows)) * blockRows));
    if (docChunk < 1 || queryBatch < 1) {
      throw new RangeError(
        `@execret/embedders topK: maxMemoryBytes ${maxMemoryBytes} cannot hold one block of ${blockRows} queries and ${NR} documents at dims ${dims} and k ${k}`,
      );
    }
  }
  const aOffset = HEADER_BYTES;
  const bOffset = align(aOffset + align(queryBatch, MR) * dims * 4, 64);
  const heapSOffset = align(bOffset + align(docChunk, NR) * dims * 4, 64);
  const heapIOffset = align(heapSOffset + queryBatch * k * 4, 64);
  const scratchOffset = align(heapIOffset + queryBatch * k * 4, 64);
  const totalBytes = scratchOffset + threads * scratchBytes;
  return {
    problem,
    queryBatch,
    docChunk,
    microPerBlock,
    aOffset,
    bOffset,
    heapSOffset,
    heapIOffset,
    scratchOffset,
    scratchBytes,
    threads,
    totalBytes,
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
  /** Number of query blocks to claim. */
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
      out.push({ queryFirst: q, queryCount, docFirst: d, docCount, newBatch: d === 0, endBatch: d + docCount >= nDocs, blocks });
    }
  }
  return out;
}

/** The JS side of one memory: views, packing and result draining. */
export class KernelMemory {
  readonly f32: Float32Array;
  readonly i32: Int32Array;
  readonly indices: Int32Array;
  readonly scores: Float32Array;
  private readonly guard: ValueGuard;

  constructor(
    readonly plan: KernelPlan,
    readonly memory: WasmMemory,
  ) {
    this.f32 = new Float32Array(memory.buffer);
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

  /** Packs the round's inputs, writes the plan record and resets the block counter. */
  prepare(round: Round): void {
    const { plan, f32, i32 } = this;
    const { problem } = plan;
    const { dims, k, order } = problem;
    if (round.newBatch) {
      packPanels(problem, 'queries', this.guard, (r) => round.queryFirst + r, round.queryCount, MR, f32, plan.aOffset / 4);
      resetHeapsView(this, round.queryCount, k);
    }
    packPanels(
      problem,
      'docs',
      this.guard,
      order === undefined ? (r) => round.docFirst + r : (r) => order[round.docFirst + r]!,
      round.docCount,
      NR,
      f32,
      plan.bOffset / 4,
    );
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
    ];
    for (const [offset, value] of fields) i32[offset / 4] = value;
    Atomics.store(i32, COUNTER_OFFSET / 4, 0);
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
}

function resetHeapsView(memory: KernelMemory, count: number, k: number): void {
  const { plan, f32, i32 } = memory;
  const heapS = f32.subarray(plan.heapSOffset / 4, plan.heapSOffset / 4 + count * k);
  const heapI = i32.subarray(plan.heapIOffset / 4, plan.heapIOffset / 4 + count * k);
  resetHeaps(heapS, heapI, 0, count, k);
}

/** Byte offset of the block counter, for threads that claim blocks. */
export const BLOCK_COUNTER_INDEX = COUNTER_OFFSET / 4;

/** Claims and processes query blocks of the current round until none is left. */
export function claimBlocks(kernel: KernelExports, i32: Int32Array, blocks: number, scratch: number): void {
  for (;;) {
    const block = Atomics.add(i32, BLOCK_COUNTER_INDEX, 1);
    if (block >= blocks) return;
    kernel.processBlock(0, block, scratch);
  }
}

export { instantiateKernel, kernelModule };
