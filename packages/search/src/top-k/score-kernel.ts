/**
 * The WebAssembly SIMD kernel behind {@link topK}: row packing (`packTask`: raw rows → panels, with the
 * cosine normalisation and the sums of squares used for validation) and a blocked float32 matrix product
 * of packed query and document panels fused with a per-query bounded heap that keeps the k best
 * documents (`processBlock`).
 *
 * Arithmetic contract (shared with the pure-JS engine in `js-engine.ts`, which must give bit-identical
 * results): every score is a float32 blocked sum of float32 products. Dimensions are cut into blocks of
 * {@link SUM_BLOCK} (the last one shorter); within block b, `B_b = 0; for p in block: B_b = fl32(B_b +
 * fl32(q[p]·x[p]))`; then `s = 0; for each block in order: s = fl32(s + B_b)`. Blocking keeps the rounding
 * error near numpy's (sequential float32 sums over 1,024–3,072 dimensions err ~5× more). SIMD lanes hold
 * *different documents*, never parts of one sum, so neither the vector width nor threading changes any
 * score. WebAssembly forbids fusing the multiply and add, so no FMA is involved.
 *
 * Layouts (all float32, little-endian, in the shared linear memory):
 * - Queries are packed in micro-panels of {@link MR} rows: element (query m·MR+i, dim p) sits at
 *   `a + ((m·d + p)·MR + i)·4`. Rows past the last query are zero.
 * - Documents are packed in panels of {@link NR} rows: element (doc t·NR+l, dim p) sits at
 *   `b + ((t·d + p)·NR + l)·4`. Rows past the last document are zero.
 * - The score scratch of one query block against one document block is tiled: score (local query
 *   m·MR+i, local doc t·NR+l) sits at `c + (((m·npb + t)·MR + i)·NR + l)·4`, `npb` panels per doc block.
 * - Heaps: for query q, `heapS + q·k·4` (float32 scores) and `heapI + q·k·4` (int32 positions) hold a
 *   binary min-heap of k entries under the order "worse first": (s1, i1) is worse than (s2, i2) when
 *   s1 < s2, or s1 = s2 and i1 < i2. The root is the worst kept entry; a candidate replaces it when it is
 *   better. Heaps start filled with (−∞, −1), which every finite score beats.
 *
 * @internal
 */

import { type WasmMemory, type WasmModule, wasm } from './wasm-api.js';
import { encodeModule, FunctionBuilder, type Label, type Local } from './wasm-assembler.js';

/** Dimensions per summation block of the arithmetic contract (also the kernel's K block). */
export const SUM_BLOCK = 256;

/** Queries per micro-panel (rows of the register tile). Power of two. */
export const MR = 4;
/** Documents per panel (columns of the register tile, two f32x4 vectors). Power of two, multiple of 4. */
export const NR = 8;
const NV = NR / 4;
const LOG2_MR = Math.log2(MR);
const LOG2_NR = Math.log2(NR);

/** Byte offsets of the i32 fields of a plan record in linear memory. */
export const PLAN = {
  /** Packed queries of the batch. */
  a: 0,
  /** Valid queries in the batch. */
  nQueries: 4,
  /** Dimensions d. */
  dims: 8,
  /** Packed document panels of the chunk. */
  b: 12,
  /** Valid documents in the chunk. */
  nDocs: 16,
  /** Position of the chunk's first document in tie order. */
  docBase: 20,
  heapS: 24,
  heapI: 28,
  k: 32,
  /** Dimensions per K block. */
  kc: 36,
  /** Document panels per document block. */
  npb: 40,
  /** Query micro-panels per query block (the unit of work handed to a thread). */
  mb: 44,
  /** Document panels in the chunk, ceil(nDocs / NR). */
  nPanels: 48,
  /** Query micro-panels in the batch, ceil(nQueries / MR). */
  nMicro: 52,
  /** Raw (row-major, unpacked) queries of the batch. */
  rawA: 56,
  /** Raw documents of the chunk, in tie order. */
  rawB: 60,
  /** float64 sum of squares per query row of the batch. */
  sumsA: 64,
  /** float64 sum of squares per document row of the chunk. */
  sumsB: 68,
  /** 1 when this round packs queries (a new batch), else 0. */
  packQueries: 72,
  /** 0 = dot (copy rows), 1 = cosine (normalise rows). */
  metric: 76,
} as const;
/** Size of a plan record in bytes. */
export const PLAN_BYTES = 128;
/** Rows packed per `packTask` (a multiple of MR and NR, so tasks never split a panel). */
export const PACK_ROWS_PER_TASK = 64;

/** Exports of an instantiated kernel. */
export interface KernelExports {
  /** Computes all scores of query block `block` against the chunk and merges them into the heaps. */
  processBlock(plan: number, block: number, scratch: number): void;
  /** Packs (and measures) 64 raw rows of the round into panels. */
  packTask(plan: number, task: number, scratch: number): void;
}

/** Locals loaded, at the function's start and in the order given, with the plan record's `i32` fields at `offsets`. */
function planFields<const Offsets extends readonly number[]>(
  f: FunctionBuilder,
  plan: Local,
  offsets: Offsets,
): { [I in keyof Offsets]: Local } {
  return offsets.map((offset) => {
    const local = f.local('i32');
    f.get(plan).load('i32', offset).set(local);
    return local;
  }) as { [I in keyof Offsets]: Local };
}

/**
 * `gemm(a, b, c, kc, count, aStride, cStride, add)`: for `count` query micro-panels starting at `a`
 * (next one at `a + aStride`), sums the products of the micro-panel's `kc` dimensions with the document
 * panel at `b`, sequentially from +0 (one summation block), and stores the MR×NR tile of block sums at `c`
 * (next at `c + cStride`) — or, when `add` ≠ 0, adds them to the running totals already stored there.
 */
function buildGemm(): FunctionBuilder {
  const f = new FunctionBuilder('gemm', ['i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32']);
  const [a, b, c, kc, count, aStride, cStride, add] = f.params as [
    Local,
    Local,
    Local,
    Local,
    Local,
    Local,
    Local,
    Local,
  ];
  const pa = f.local('i32');
  const pb = f.local('i32');
  const kk = f.local('i32');
  const acc: Local[][] = [];
  for (let i = 0; i < MR; i++) acc.push(Array.from({ length: NV }, () => f.local('v128')));
  const bv = Array.from({ length: NV }, () => f.local('v128'));
  const splat = f.local('v128');
  const tileOffset = (i: number, v: number) => (i * NR + v * 4) * 4;

  f.block((exit) => {
    f.loop((next) => {
      f.get(count).op('i32.eqz').brIf(exit);
      for (let i = 0; i < MR; i++) for (let v = 0; v < NV; v++) f.v128Zero().set(acc[i]![v]!);
      f.get(a).set(pa).get(b).set(pb).get(kc).set(kk);
      f.loop((dims) => {
        for (let v = 0; v < NV; v++)
          f.get(pb)
            .load('v128', v * 16)
            .set(bv[v]!);
        for (let i = 0; i < MR; i++) {
          f.get(pa)
            .load('v128.splat32', i * 4)
            .set(splat);
          for (let v = 0; v < NV; v++) {
            f.get(acc[i]![v]!).get(splat).get(bv[v]!).op('f32x4.mul').op('f32x4.add').set(acc[i]![v]!);
          }
        }
        f.get(pa)
          .i32(MR * 4)
          .op('i32.add')
          .set(pa);
        f.get(pb)
          .i32(NR * 4)
          .op('i32.add')
          .set(pb);
        f.get(kk).i32(1).op('i32.sub').tee(kk).brIf(dims);
      });
      f.get(add).if(
        () => {
          for (let i = 0; i < MR; i++) {
            for (let v = 0; v < NV; v++) {
              f.get(c)
                .get(c)
                .load('v128', tileOffset(i, v))
                .get(acc[i]![v]!)
                .op('f32x4.add')
                .store('v128', tileOffset(i, v));
            }
          }
        },
        () => {
          for (let i = 0; i < MR; i++)
            for (let v = 0; v < NV; v++) f.get(c).get(acc[i]![v]!).store('v128', tileOffset(i, v));
        },
      );
      f.get(a).get(aStride).op('i32.add').set(a);
      f.get(c).get(cStride).op('i32.add').set(c);
      f.get(count).i32(1).op('i32.sub').set(count);
      f.br(next);
    });
  });
  return f;
}

/**
 * `select(c, npb, heapS, heapI, k, qFirst, qCount, docCount, posFirst)`: merges the scores of the scratch
 * tile block at `c` (queries `qFirst … qFirst+qCount−1` of the batch, local docs `0 … docCount−1` whose
 * tie-order positions start at `posFirst`) into the queries' heaps, visiting documents in ascending
 * position.
 */
function buildSelect(): FunctionBuilder {
  const f = new FunctionBuilder('select', ['i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32']);
  const [c, npb, heapS, heapI, k, qFirst, qCount, docCount, posFirst] = f.params as Local[] as [
    Local,
    Local,
    Local,
    Local,
    Local,
    Local,
    Local,
    Local,
    Local,
  ];
  const ql = f.local('i32');
  const hs = f.local('i32');
  const hi = f.local('i32');
  const row = f.local('i32');
  const j = f.local('i32');
  const pos = f.local('i32');
  const at = f.local('i32');
  const child = f.local('i32');
  const right = f.local('i32');
  const ci = f.local('i32');
  const ri = f.local('i32');
  const rootI = f.local('i32');
  const s = f.local('f32');
  const rootS = f.local('f32');
  const cs = f.local('f32');
  const rs = f.local('f32');

  // Pushes 1 when (xs, xi) is worse than (ys, yi): xs < ys, or xs = ys and xi < yi.
  const worse = (xs: Local, xi: Local, ys: Local, yi: Local) => {
    f.get(xs).get(ys).op('f32.lt');
    f.get(xs).get(ys).op('f32.eq').get(xi).get(yi).op('i32.lt_s').op('i32.and');
    f.op('i32.or');
  };
  const loadEntry = (index: Local, score: Local, position: Local) => {
    f.get(hs).get(index).i32(2).op('i32.shl').op('i32.add').load('f32').set(score);
    f.get(hi).get(index).i32(2).op('i32.shl').op('i32.add').load('i32').set(position);
  };
  const storeEntry = (index: Local, score: Local, position: Local) => {
    f.get(hs).get(index).i32(2).op('i32.shl').op('i32.add').get(score).store('f32');
    f.get(hi).get(index).i32(2).op('i32.shl').op('i32.add').get(position).store('i32');
  };

  f.i32(0).set(ql);
  f.block((queriesDone) => {
    f.loop((nextQuery) => {
      f.get(ql).get(qCount).op('i32.ge_u').brIf(queriesDone);
      // Heap of batch query qFirst + ql.
      f.get(qFirst).get(ql).op('i32.add').get(k).op('i32.mul').i32(2).op('i32.shl').set(at);
      f.get(heapS).get(at).op('i32.add').set(hs);
      f.get(heapI).get(at).op('i32.add').set(hi);
      f.get(hs).load('f32').set(rootS);
      f.get(hi).load('i32').set(rootI);
      // Row start: tile (m = ql >> log2 MR, t = 0), row i = ql & (MR − 1).
      f.get(ql).i32(LOG2_MR).op('i32.shr_u');
      f.get(npb).op('i32.mul').i32(MR).op('i32.mul');
      f.get(ql)
        .i32(MR - 1)
        .op('i32.and')
        .op('i32.add');
      f.i32(NR * 4)
        .op('i32.mul')
        .get(c)
        .op('i32.add')
        .set(row);
      f.i32(0).set(j);
      f.block((docsDone) => {
        f.loop((nextDoc) => {
          f.get(j).get(docCount).op('i32.ge_u').brIf(docsDone);
          // Score of local doc j: tile t = j >> log2 NR, lane j & (NR − 1).
          f.get(j).i32(LOG2_NR).op('i32.shr_u');
          f.i32(MR * NR * 4).op('i32.mul');
          f.get(j)
            .i32(NR - 1)
            .op('i32.and')
            .i32(2)
            .op('i32.shl')
            .op('i32.add');
          f.get(row).op('i32.add').load('f32').set(s);
          f.get(posFirst).get(j).op('i32.add').set(at);
          worse(rootS, rootI, s, at);
          f.if(() => {
            siftDown(f, { hs, hi, k, pos, child, right, cs, ci, rs, ri, s, at }, worse, loadEntry, storeEntry);
            f.get(hs).load('f32').set(rootS);
            f.get(hi).load('i32').set(rootI);
          });
          f.get(j).i32(1).op('i32.add').set(j);
          f.br(nextDoc);
        });
      });
      f.get(ql).i32(1).op('i32.add').set(ql);
      f.br(nextQuery);
    });
  });
  return f;
}

interface SiftLocals {
  hs: Local;
  hi: Local;
  k: Local;
  pos: Local;
  child: Local;
  right: Local;
  cs: Local;
  ci: Local;
  rs: Local;
  ri: Local;
  s: Local;
  at: Local;
}

/** Replaces the heap root by (s, at) and restores the heap order by moving it down. */
function siftDown(
  f: FunctionBuilder,
  l: SiftLocals,
  worse: (xs: Local, xi: Local, ys: Local, yi: Local) => void,
  loadEntry: (index: Local, score: Local, position: Local) => void,
  storeEntry: (index: Local, score: Local, position: Local) => void,
): void {
  f.i32(0).set(l.pos);
  f.block((placed: Label) => {
    f.loop((down: Label) => {
      f.get(l.pos).i32(1).op('i32.shl').i32(1).op('i32.add').tee(l.child).get(l.k).op('i32.ge_u').brIf(placed);
      loadEntry(l.child, l.cs, l.ci);
      f.get(l.child).i32(1).op('i32.add').tee(l.right).get(l.k).op('i32.lt_u');
      f.if(() => {
        loadEntry(l.right, l.rs, l.ri);
        worse(l.rs, l.ri, l.cs, l.ci);
        f.if(() => {
          f.get(l.right).set(l.child).get(l.rs).set(l.cs).get(l.ri).set(l.ci);
        });
      });
      // Stop when the worse child is not worse than the entry being placed.
      worse(l.cs, l.ci, l.s, l.at);
      f.op('i32.eqz').brIf(placed);
      storeEntry(l.pos, l.cs, l.ci);
      f.get(l.child).set(l.pos);
      f.br(down);
    });
  });
  storeEntry(l.pos, l.s, l.at);
}

/**
 * `processBlock(plan, block, scratch)`: for query block `block` (micro-panels `block·mb …`), walks the
 * chunk's document blocks; for each, adds up the score tiles over K blocks of `kc` = {@link SUM_BLOCK}
 * dimensions with `gemm`, then merges them into the heaps with `select`.
 */
function buildProcessBlock(): FunctionBuilder {
  const f = new FunctionBuilder('processBlock', ['i32', 'i32', 'i32']);
  const [plan, block, scratch] = f.params as [Local, Local, Local];
  const [a, nQueries, dims, b, nDocs, docBase, heapS, heapI, k, kc, npb, mb, nPanels, nMicro] = planFields(f, plan, [
    PLAN.a,
    PLAN.nQueries,
    PLAN.dims,
    PLAN.b,
    PLAN.nDocs,
    PLAN.docBase,
    PLAN.heapS,
    PLAN.heapI,
    PLAN.k,
    PLAN.kc,
    PLAN.npb,
    PLAN.mb,
    PLAN.nPanels,
    PLAN.nMicro,
  ]);
  const [m0, mCount, q0, qCount, db, np, k0, kk, t, docStart, docCount] = f.declare('i32', 11);

  const min = (x: () => void, y: () => void, into: Local) => {
    x();
    y();
    x();
    y();
    f.op('i32.lt_u');
    f.op('select');
    f.set(into);
  };

  f.get(block).get(mb).op('i32.mul').set(m0);
  min(
    () => f.get(mb),
    () => f.get(nMicro).get(m0).op('i32.sub'),
    mCount,
  );
  f.get(m0).i32(MR).op('i32.mul').set(q0);
  min(
    () => f.get(mCount).i32(MR).op('i32.mul'),
    () => f.get(nQueries).get(q0).op('i32.sub'),
    qCount,
  );
  f.i32(0).set(db);
  f.block((docBlocksDone) => {
    f.loop((nextDocBlock) => {
      f.get(db).get(nPanels).op('i32.ge_u').brIf(docBlocksDone);
      min(
        () => f.get(npb),
        () => f.get(nPanels).get(db).op('i32.sub'),
        np,
      );
      f.i32(0).set(k0);
      f.block((kDone) => {
        f.loop((nextK) => {
          f.get(k0).get(dims).op('i32.ge_u').brIf(kDone);
          min(
            () => f.get(kc),
            () => f.get(dims).get(k0).op('i32.sub'),
            kk,
          );
          f.i32(0).set(t);
          f.block((panelsDone) => {
            f.loop((nextPanel) => {
              f.get(t).get(np).op('i32.ge_u').brIf(panelsDone);
              // a + (m0·d + k0)·MR·4
              f.get(m0)
                .get(dims)
                .op('i32.mul')
                .get(k0)
                .op('i32.add')
                .i32(MR * 4)
                .op('i32.mul')
                .get(a)
                .op('i32.add');
              // b + ((db + t)·d + k0)·NR·4
              f.get(db)
                .get(t)
                .op('i32.add')
                .get(dims)
                .op('i32.mul')
                .get(k0)
                .op('i32.add')
                .i32(NR * 4)
                .op('i32.mul');
              f.get(b).op('i32.add');
              // scratch + t·MR·NR·4
              f.get(t)
                .i32(MR * NR * 4)
                .op('i32.mul')
                .get(scratch)
                .op('i32.add');
              f.get(kk).get(mCount);
              f.get(dims)
                .i32(MR * 4)
                .op('i32.mul');
              f.get(npb)
                .i32(MR * NR * 4)
                .op('i32.mul');
              f.get(k0);
              f.call(0);
              f.get(t).i32(1).op('i32.add').set(t);
              f.br(nextPanel);
            });
          });
          f.get(k0).get(kk).op('i32.add').set(k0);
          f.br(nextK);
        });
      });
      f.get(db).i32(NR).op('i32.mul').set(docStart);
      min(
        () => f.get(np).i32(NR).op('i32.mul'),
        () => f.get(nDocs).get(docStart).op('i32.sub'),
        docCount,
      );
      f.get(scratch).get(npb).get(heapS).get(heapI).get(k).get(q0).get(qCount).get(docCount);
      f.get(docBase).get(docStart).op('i32.add');
      f.call(1);
      f.get(db).get(np).op('i32.add').set(db);
      f.br(nextDocBlock);
    });
  });
  return f;
}

/**
 * `packTask(plan, task, scratch)`: packs rows `64·t … 64·t + 63` of the batch's queries (tasks
 * 0 … ⌈nQueries/64⌉ − 1, when `packQueries`) or of the chunk's documents (the following tasks) from the
 * raw row-major copy into panels, with the arithmetic of `writeRow` in `search-input.ts`: the float64 sum
 * of squares as four interleaved partial sums (s0 + s1) + (s2 + s3), stored per row for validation; for
 * cosine each value divided by √sum in float64 and rounded to float32 (a zero or non-finite norm gives a
 * zero row). Rows past the last real one in the final panel are zero-filled.
 */
function buildPackTask(): FunctionBuilder {
  const f = new FunctionBuilder('packTask', ['i32', 'i32', 'i32']);
  const [plan, task] = f.params as [Local, Local, Local];
  const [dims, metric, nQueries, nDocs] = planFields(f, plan, [PLAN.dims, PLAN.metric, PLAN.nQueries, PLAN.nDocs]);
  const [queryTasks, src, dst, sums, count, log2, first, end, r, row, out, stride, p] = f.declare('i32', 13);
  const s = f.declare('f64', 4);
  const [x, sum, norm] = f.declare('f64', 3);
  const ROWS = PACK_ROWS_PER_TASK;

  // queryTasks = packQueries ? ceil(nQueries / 64) : 0
  f.get(plan)
    .load('i32', PLAN.packQueries)
    .if(
      () => {
        f.get(nQueries)
          .i32(ROWS - 1)
          .op('i32.add')
          .i32(Math.log2(ROWS))
          .op('i32.shr_u')
          .set(queryTasks);
      },
      () => {
        f.i32(0).set(queryTasks);
      },
    );
  f.get(task)
    .get(queryTasks)
    .op('i32.lt_u')
    .if(
      () => {
        f.get(plan).load('i32', PLAN.rawA).set(src);
        f.get(plan).load('i32', PLAN.a).set(dst);
        f.get(plan).load('i32', PLAN.sumsA).set(sums);
        f.get(nQueries).set(count);
        f.i32(LOG2_MR).set(log2);
        f.get(task).i32(ROWS).op('i32.mul').set(first);
      },
      () => {
        f.get(plan).load('i32', PLAN.rawB).set(src);
        f.get(plan).load('i32', PLAN.b).set(dst);
        f.get(plan).load('i32', PLAN.sumsB).set(sums);
        f.get(nDocs).set(count);
        f.i32(LOG2_NR).set(log2);
        f.get(task).get(queryTasks).op('i32.sub').i32(ROWS).op('i32.mul').set(first);
      },
    );
  // end = min(first + 64, count rounded up to whole panels)
  f.get(count).i32(1).get(log2).op('i32.shl').op('i32.add').i32(1).op('i32.sub');
  f.get(log2).op('i32.shr_u').get(log2).op('i32.shl').set(end);
  f.get(first)
    .i32(ROWS)
    .op('i32.add')
    .get(end)
    .get(first)
    .i32(ROWS)
    .op('i32.add')
    .get(end)
    .op('i32.lt_u')
    .op('select')
    .set(end);
  f.i32(4).get(log2).op('i32.shl').set(stride); // panel · 4 bytes

  const forDims = (body: () => void) => {
    f.i32(0).set(p);
    f.block((done) => {
      f.loop((next) => {
        f.get(p).get(dims).op('i32.ge_u').brIf(done);
        body();
        f.get(p).i32(1).op('i32.add').set(p);
        f.br(next);
      });
    });
  };
  // Pushes the address of packed element p of the current row.
  const outAddress = () => f.get(out).get(p).get(stride).op('i32.mul').op('i32.add');
  // Pushes raw element p of the current row, widened to float64.
  const raw = (offset: number) =>
    f
      .get(row)
      .get(p)
      .i32(2)
      .op('i32.shl')
      .op('i32.add')
      .load('f32', offset * 4)
      .op('f64.promote_f32');

  f.get(first).set(r);
  f.block((rowsDone) => {
    f.loop((nextRow) => {
      f.get(r).get(end).op('i32.ge_u').brIf(rowsDone);
      // out = dst + ((r >> log2)·d·panel + (r & (panel − 1)))·4
      f.get(r).get(log2).op('i32.shr_u').get(dims).op('i32.mul').get(log2).op('i32.shl');
      f.get(r).i32(1).get(log2).op('i32.shl').i32(1).op('i32.sub').op('i32.and').op('i32.add');
      f.i32(2).op('i32.shl').get(dst).op('i32.add').set(out);
      f.get(r)
        .get(count)
        .op('i32.ge_u')
        .if(
          () => {
            forDims(() => {
              outAddress();
              f.f64(0).op('f32.demote_f64').store('f32');
            });
          },
          () => {
            f.get(src).get(r).get(dims).op('i32.mul').i32(2).op('i32.shl').op('i32.add').set(row);
            for (const partial of s) f.f64(0).set(partial);
            f.i32(0).set(p);
            f.block((quadsDone) => {
              f.loop((nextQuad) => {
                f.get(p).i32(4).op('i32.add').get(dims).op('i32.le_u').op('i32.eqz').brIf(quadsDone);
                for (let j = 0; j < 4; j++) {
                  raw(j);
                  f.set(x);
                  f.get(s[j]!).get(x).get(x).op('f64.mul').op('f64.add').set(s[j]!);
                }
                f.get(p).i32(4).op('i32.add').set(p);
                f.br(nextQuad);
              });
            });
            for (let j = 0; j < 3; j++) {
              f.get(p)
                .i32(j)
                .op('i32.add')
                .get(dims)
                .op('i32.lt_u')
                .if(() => {
                  raw(j);
                  f.set(x);
                  f.get(s[j]!).get(x).get(x).op('f64.mul').op('f64.add').set(s[j]!);
                });
            }
            f.get(s[0]!).get(s[1]!).op('f64.add').get(s[2]!).get(s[3]!).op('f64.add').op('f64.add').set(sum);
            f.get(sums).get(r).i32(3).op('i32.shl').op('i32.add').get(sum).store('f64');
            f.get(sum).op('f64.sqrt').set(norm);
            f.get(metric)
              .op('i32.eqz')
              .if(
                () => {
                  forDims(() => {
                    outAddress();
                    f.get(row).get(p).i32(2).op('i32.shl').op('i32.add').load('f32');
                    f.store('f32');
                  });
                },
                () => {
                  // Zero row when norm = 0 or norm is not < ∞ (NaN or ∞).
                  f.get(norm).f64(0).op('f64.eq').get(norm).f64(Infinity).op('f64.lt').op('i32.eqz').op('i32.or');
                  f.if(
                    () => {
                      forDims(() => {
                        outAddress();
                        f.f64(0).op('f32.demote_f64').store('f32');
                      });
                    },
                    () => {
                      forDims(() => {
                        outAddress();
                        raw(0);
                        f.get(norm).op('f64.div').op('f32.demote_f64').store('f32');
                      });
                    },
                  );
                },
              );
          },
        );
      f.get(r).i32(1).op('i32.add').set(r);
      f.br(nextRow);
    });
  });
  return f;
}

/** Largest memory the kernel may address: 65,536 pages of 64 KiB (4 GiB). */
export const MAX_PAGES = 65536;

let compiled: WasmModule | undefined;

/** The compiled kernel module (compiled once per process, on first use). */
export function kernelModule(): WasmModule {
  if (compiled === undefined) {
    compiled = new wasm.Module(
      encodeModule([buildGemm(), buildSelect(), buildProcessBlock(), buildPackTask()], MAX_PAGES),
    );
  }
  return compiled;
}

/** Instantiates the kernel over `memory` (a shared WebAssembly memory). */
export function instantiateKernel(memory: WasmMemory): KernelExports {
  const instance = new wasm.Instance(kernelModule(), { env: { memory } });
  return instance.exports as unknown as KernelExports;
}
