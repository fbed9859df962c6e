import { describe, expect, it } from 'vitest';
import { kernelModule } from './score-kernel.js';
import { encodeModule, encodeS32, encodeU32, FunctionBuilder } from './wasm-assembler.js';

describe('encodeU32', () => {
  it.each([
    [0, [0x00]],
    [127, [0x7f]],
    [128, [0x80, 0x01]],
    [624485, [0xe5, 0x8e, 0x26]],
    [0xffffffff, [0xff, 0xff, 0xff, 0xff, 0x0f]],
  ])('encodes %i as %j', (value, bytes) => {
    expect(encodeU32(value)).toEqual(bytes);
  });

  it.each([-1, 2 ** 32, 1.5])('throws RangeError for %s', (value) => {
    expect(() => encodeU32(value)).toThrow(RangeError);
  });
});

describe('encodeS32', () => {
  it.each([
    [0, [0x00]],
    [63, [0x3f]],
    [64, [0xc0, 0x00]],
    [-1, [0x7f]],
    [-64, [0x40]],
    [-65, [0xbf, 0x7f]],
    [-123456, [0xc0, 0xbb, 0x78]],
    [2 ** 31 - 1, [0xff, 0xff, 0xff, 0xff, 0x07]],
    [-(2 ** 31), [0x80, 0x80, 0x80, 0x80, 0x78]],
  ])('encodes %i as %j', (value, bytes) => {
    expect(encodeS32(value)).toEqual(bytes);
  });
});

describe('encodeModule', () => {
  it('produces a module that validates and runs, with branch depths resolved from labels', () => {
    // sum(n, out): stores 0 + 1 + … + (n − 1) at address out.
    const f = new FunctionBuilder('sum', ['i32', 'i32']);
    const [n, out] = f.params as [ReturnType<FunctionBuilder['local']>, ReturnType<FunctionBuilder['local']>];
    const i = f.local('i32');
    const total = f.local('i32');
    f.block((done) => {
      f.loop((next) => {
        f.get(i).get(n).op('i32.ge_u').brIf(done);
        f.get(total).get(i).op('i32.add').set(total);
        f.get(i).i32(1).op('i32.add').set(i);
        f.br(next);
      });
    });
    f.get(out).get(total).store('i32');
    const bytes = encodeModule([f], 1);
    const api = (
      globalThis as unknown as {
        WebAssembly: {
          validate(b: Uint8Array): boolean;
          Module: new (b: Uint8Array) => object;
          Instance: new (m: object, i: object) => { exports: { sum(n: number, out: number): void } };
          Memory: new (d: object) => { buffer: SharedArrayBuffer };
        };
      }
    ).WebAssembly;
    expect(api.validate(bytes)).toBe(true);
    const memory = new api.Memory({ initial: 1, maximum: 1, shared: true });
    new api.Instance(new api.Module(bytes), { env: { memory } }).exports.sum(101, 8);
    expect(new Int32Array(memory.buffer)[2]).toBe(5050);
  });

  it('throws when blocks are left open', () => {
    const f = new FunctionBuilder('bad', []);
    expect(() =>
      f.block(() => {
        f.encodeBody();
      }),
    ).toThrow(/unbalanced/);
  });

  it('builds the search kernel', () => {
    expect(kernelModule()).toBeDefined();
  });
});
