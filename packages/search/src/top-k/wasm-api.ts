/**
 * The part of the global `WebAssembly` object that the search kernel uses, typed locally: the package's
 * TypeScript setup (lib ES2023, @types/node 20) declares no WebAssembly types, and augmenting the global
 * namespace would clash with the DOM library of consumers that have it.
 *
 * @internal
 */

/** An opaque compiled module (structured-cloneable to worker threads). */
export interface WasmModule {
  readonly __wasmModule?: never;
}

/** A linear memory; `shared: true` memories are backed by a `SharedArrayBuffer`. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
}

interface WasmNamespace {
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule, imports: Record<string, Record<string, unknown>>) => { exports: unknown };
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
}

/** The global `WebAssembly` object (present in every supported Node.js version). */
export const wasm: WasmNamespace = (globalThis as unknown as { WebAssembly: WasmNamespace }).WebAssembly;
