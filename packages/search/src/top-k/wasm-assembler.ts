/**
 * A minimal WebAssembly binary encoder: just enough to build the score kernel of {@link topK} without a
 * toolchain. It writes the module format of the WebAssembly core specification (sections 5.1–5.5) plus the
 * fixed-width SIMD (opcode prefix 0xFD) and threads (shared memory) extensions.
 *
 * Only the handful of instructions the kernel uses are exposed. Structured control flow is written with
 * callbacks; branch targets are {@link Label} objects, so relative branch depths are computed here and
 * never written by hand.
 *
 * @internal
 */

/** Value types used by the kernel. */
export type ValType = 'i32' | 'f32' | 'f64' | 'v128';

const VALTYPE_CODE: Record<ValType, number> = { i32: 0x7f, f32: 0x7d, f64: 0x7c, v128: 0x7b };

/** Unsigned LEB128 encoding of a non-negative integer below 2^32. */
export function encodeU32(value: number): number[] {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(`@execret/search wasm-assembler: expected a u32, received ${value}`);
  }
  const out: number[] = [];
  let n = value;
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 encoding of an integer in [-2^31, 2^31). */
export function encodeS32(value: number): number[] {
  if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) {
    throw new RangeError(`@execret/search wasm-assembler: expected an s32, received ${value}`);
  }
  const out: number[] = [];
  let n = value;
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    const done = (n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

function encodeName(name: string): number[] {
  const bytes = [...new TextEncoder().encode(name)];
  return [...encodeU32(bytes.length), ...bytes];
}

function section(id: number, body: number[]): number[] {
  return [id, ...encodeU32(body.length), ...body];
}

/** A local variable or parameter of a function under construction. */
/** A tuple of `N` locals. */
export type Locals<N extends number, R extends Local[] = []> = R['length'] extends N ? R : Locals<N, [...R, Local]>;

export interface Local {
  readonly index: number;
  readonly type: ValType;
}

/** A branch target: the block or loop it was created for. */
export interface Label {
  readonly depth: number;
}

/** Opcodes of the core and SIMD instructions the kernel needs (SIMD ones are emitted after 0xFD). */
const OP = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  call: 0x10,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Load: 0x28,
  f32Load: 0x2a,
  i32Store: 0x36,
  f32Store: 0x38,
  f64Store: 0x39,
  i32Const: 0x41,
  f64Const: 0x44,
  i32Eqz: 0x45,
  i32Eq: 0x46,
  i32Ne: 0x47,
  i32LtS: 0x48,
  i32LtU: 0x49,
  i32GtU: 0x4b,
  i32LeU: 0x4d,
  i32GeU: 0x4f,
  f32Eq: 0x5b,
  f32Lt: 0x5d,
  f32Gt: 0x5e,
  f64Eq: 0x61,
  f64Lt: 0x63,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  i32And: 0x71,
  i32Or: 0x72,
  i32Shl: 0x74,
  i32ShrU: 0x76,
  f64Sqrt: 0x9f,
  f64Add: 0xa0,
  f64Mul: 0xa2,
  f64Div: 0xa3,
  f32DemoteF64: 0xb6,
  f64PromoteF32: 0xbb,
  select: 0x1b,
} as const;

const SIMD = {
  v128Load: 0x00,
  v128Load32Splat: 0x09,
  v128Store: 0x0b,
  v128Const: 0x0c,
  f32x4Add: 0xe4,
  f32x4Mul: 0xe6,
} as const;

/** Operators exposed by {@link FunctionBuilder.op} (binary unless noted; `*.sqrt`, conversions and `eqz` are unary). */
export type BinaryOp =
  | 'i32.add'
  | 'i32.sub'
  | 'i32.mul'
  | 'i32.and'
  | 'i32.or'
  | 'i32.shl'
  | 'i32.shr_u'
  | 'i32.eq'
  | 'i32.ne'
  | 'i32.lt_s'
  | 'i32.lt_u'
  | 'i32.gt_u'
  | 'i32.ge_u'
  | 'i32.le_u'
  | 'i32.eqz'
  | 'f32.eq'
  | 'f32.lt'
  | 'f32.gt'
  | 'f64.eq'
  | 'f64.lt'
  | 'f64.add'
  | 'f64.mul'
  | 'f64.div'
  | 'f64.sqrt'
  | 'f32.demote_f64'
  | 'f64.promote_f32'
  | 'f32x4.add'
  | 'f32x4.mul'
  | 'select';

const OP_BYTES: Record<BinaryOp, number[]> = {
  'i32.add': [OP.i32Add],
  'i32.sub': [OP.i32Sub],
  'i32.mul': [OP.i32Mul],
  'i32.and': [OP.i32And],
  'i32.or': [OP.i32Or],
  'i32.shl': [OP.i32Shl],
  'i32.shr_u': [OP.i32ShrU],
  'i32.eq': [OP.i32Eq],
  'i32.ne': [OP.i32Ne],
  'i32.lt_s': [OP.i32LtS],
  'i32.lt_u': [OP.i32LtU],
  'i32.gt_u': [OP.i32GtU],
  'i32.ge_u': [OP.i32GeU],
  'i32.le_u': [OP.i32LeU],
  'i32.eqz': [OP.i32Eqz],
  'f32.eq': [OP.f32Eq],
  'f32.lt': [OP.f32Lt],
  'f32.gt': [OP.f32Gt],
  'f64.eq': [OP.f64Eq],
  'f64.lt': [OP.f64Lt],
  'f64.add': [OP.f64Add],
  'f64.mul': [OP.f64Mul],
  'f64.div': [OP.f64Div],
  'f64.sqrt': [OP.f64Sqrt],
  'f32.demote_f64': [OP.f32DemoteF64],
  'f64.promote_f32': [OP.f64PromoteF32],
  'f32x4.add': [0xfd, ...encodeU32(SIMD.f32x4Add)],
  'f32x4.mul': [0xfd, ...encodeU32(SIMD.f32x4Mul)],
  select: [OP.select],
};

/**
 * Builds the body of one function. Parameters are declared up front; locals are added with
 * {@link FunctionBuilder.local}. Instructions are appended in stack-machine order.
 */
export class FunctionBuilder {
  readonly params: readonly Local[];
  private readonly locals: Local[] = [];
  private readonly code: number[] = [];
  private depth = 0;

  constructor(
    readonly name: string,
    paramTypes: readonly ValType[],
  ) {
    this.params = paramTypes.map((type, index) => ({ index, type }));
  }

  /** Declares a new local of `type`. */
  local(type: ValType): Local {
    const local = { index: this.params.length + this.locals.length, type };
    this.locals.push(local);
    return local;
  }

  /** Declares `count` new locals of `type`, in order (as many {@link local} calls). */
  declare<N extends number>(type: ValType, count: N): Locals<N> {
    return Array.from({ length: count }, () => this.local(type)) as Locals<N>;
  }

  get(local: Local): this {
    this.code.push(OP.localGet, ...encodeU32(local.index));
    return this;
  }

  set(local: Local): this {
    this.code.push(OP.localSet, ...encodeU32(local.index));
    return this;
  }

  tee(local: Local): this {
    this.code.push(OP.localTee, ...encodeU32(local.index));
    return this;
  }

  i32(value: number): this {
    this.code.push(OP.i32Const, ...encodeS32(value));
    return this;
  }

  /** `f64.const value` (little-endian IEEE 754 bits). */
  f64(value: number): this {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setFloat64(0, value, true);
    this.code.push(OP.f64Const, ...bytes);
    return this;
  }

  /** `v128.const` with all bits zero. */
  v128Zero(): this {
    this.code.push(0xfd, ...encodeU32(SIMD.v128Const), ...new Array<number>(16).fill(0));
    return this;
  }

  op(name: BinaryOp): this {
    this.code.push(...OP_BYTES[name]);
    return this;
  }

  /** Loads at `address + offset` (address on the stack); `alignLog2` is the alignment hint. */
  load(kind: 'i32' | 'f32' | 'v128' | 'v128.splat32', offset = 0): this {
    const memarg = (alignLog2: number) => [...encodeU32(alignLog2), ...encodeU32(offset)];
    if (kind === 'i32') this.code.push(OP.i32Load, ...memarg(2));
    else if (kind === 'f32') this.code.push(OP.f32Load, ...memarg(2));
    else if (kind === 'v128') this.code.push(0xfd, ...encodeU32(SIMD.v128Load), ...memarg(4));
    else this.code.push(0xfd, ...encodeU32(SIMD.v128Load32Splat), ...memarg(2));
    return this;
  }

  /** Stores the top value at `address + offset` (stack: address, value). */
  store(kind: 'i32' | 'f32' | 'f64' | 'v128', offset = 0): this {
    const memarg = (alignLog2: number) => [...encodeU32(alignLog2), ...encodeU32(offset)];
    if (kind === 'i32') this.code.push(OP.i32Store, ...memarg(2));
    else if (kind === 'f32') this.code.push(OP.f32Store, ...memarg(2));
    else if (kind === 'f64') this.code.push(OP.f64Store, ...memarg(3));
    else this.code.push(0xfd, ...encodeU32(SIMD.v128Store), ...memarg(4));
    return this;
  }

  /** `block … end`; `br(label)` inside jumps to the end. */
  block(body: (label: Label) => void): this {
    return this.structured(OP.block, body);
  }

  /** `loop … end`; `br(label)` inside jumps back to the start. */
  loop(body: (label: Label) => void): this {
    return this.structured(OP.loop, body);
  }

  /** `if … else … end` on the i32 condition on the stack. */
  if(then: () => void, otherwise?: () => void): this {
    this.code.push(OP.if, 0x40);
    this.depth++;
    then();
    if (otherwise !== undefined) {
      this.code.push(OP.else);
      otherwise();
    }
    this.depth--;
    this.code.push(OP.end);
    return this;
  }

  /** Calls function number `index` of the module (arguments on the stack). */
  call(index: number): this {
    this.code.push(OP.call, ...encodeU32(index));
    return this;
  }

  br(label: Label): this {
    this.code.push(OP.br, ...encodeU32(this.depth - label.depth));
    return this;
  }

  brIf(label: Label): this {
    this.code.push(OP.brIf, ...encodeU32(this.depth - label.depth));
    return this;
  }

  /** Encoded body: local declarations, instructions and the final `end`. */
  encodeBody(): number[] {
    if (this.depth !== 0) throw new Error(`@execret/search wasm-assembler: unbalanced blocks in ${this.name}`);
    const groups: number[] = [];
    let count = 0;
    for (let i = 0; i < this.locals.length; i++) {
      const local = this.locals[i]!;
      let run = 1;
      while (i + run < this.locals.length && this.locals[i + run]!.type === local.type) run++;
      groups.push(...encodeU32(run), VALTYPE_CODE[local.type]);
      count++;
      i += run - 1;
    }
    const body = [...encodeU32(count), ...groups, ...this.code, OP.end];
    return [...encodeU32(body.length), ...body];
  }

  /** Encoded function type: parameters, no results. */
  encodeType(): number[] {
    return [0x60, ...encodeU32(this.params.length), ...this.params.map((p) => VALTYPE_CODE[p.type]), 0x00];
  }

  private structured(opcode: number, body: (label: Label) => void): this {
    this.code.push(opcode, 0x40);
    this.depth++;
    body({ depth: this.depth });
    this.depth--;
    this.code.push(OP.end);
    return this;
  }
}

/**
 * Encodes a module that imports one shared linear memory as `env.memory` (limits 1 … `maxPages`) and
 * exports each function under its name. Functions take only parameters and return nothing; function
 * `i` of the list has index `i` for {@link FunctionBuilder.call}.
 */
export function encodeModule(functions: readonly FunctionBuilder[], maxPages: number): Uint8Array {
  const types = functions.flatMap((f) => f.encodeType());
  const imports = [
    1,
    ...encodeName('env'),
    ...encodeName('memory'),
    0x02, // memory import
    0x03, // limits: shared, with maximum
    ...encodeU32(1),
    ...encodeU32(maxPages),
  ];
  const funcs = functions.flatMap((_, i) => encodeU32(i));
  const exports = functions.flatMap((f, i) => [...encodeName(f.name), 0x00, ...encodeU32(i)]);
  const bodies = functions.flatMap((f) => f.encodeBody());
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, [...encodeU32(functions.length), ...types]),
    ...section(2, imports),
    ...section(3, [...encodeU32(functions.length), ...funcs]),
    ...section(7, [...encodeU32(functions.length), ...exports]),
    ...section(10, [...encodeU32(functions.length), ...bodies]),
  ]);
}
