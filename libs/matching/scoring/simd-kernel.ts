/**
 * The scoring kernel (simd-kernel.wat, assembled at build time into simd-kernel.wasm.ts), instantiated once
 * per thread, and its memory: the group copied in (planes and hashes; the worker's group lives in
 * SharedArrayBuffers the wasm memory cannot address) and typed views that follow the memory when it grows.
 *
 * Erasable TypeScript importing only its siblings: the worker thread loads it from source.
 */
import { BLOCK, GROUP_AREA, PAGE, PLANE_BLOCK_BYTES } from './kernel-layout.js';
import type { ScoringGroup } from './scoring-group.js';
import { KERNEL_WASM_BASE64 } from './simd-kernel.wasm.js';

/**
 * The little of the WebAssembly JS API used here, typed locally: the project compiles without the DOM
 * library, where those types live.
 */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

interface KernelExports {
  memory: WasmMemory;
  distances(planes: number, packed: number, blocks: number): void;
  countJoint(packed: number, count: number): void;
  marginals(): void;
  countLanes(packed: number, count: number): void;
  scan(packed: number, hashes: number, blocks: number): void;
}

export class SimdKernel {
  /** Byte offsets of the current group's areas in memory (GROUP_AREA on). */
  planes = GROUP_AREA;
  packed = GROUP_AREA;
  hashes = GROUP_AREA;
  bytes!: Uint8Array;
  words!: Int32Array;
  readonly exports: KernelExports;
  private loaded: ScoringGroup | undefined;

  constructor(exports: KernelExports) {
    this.exports = exports;
    this.refreshViews();
  }

  /**
   * Copies the group into memory unless it is the one already there (the same arrays); growing memory
   * if needed. Areas are whole blocks of 16 members; packed words past the group read as EXCLUDED later.
   */
  load(group: ScoringGroup): void {
    if (
      this.loaded?.planes === group.planes &&
      this.loaded.hashes === group.hashes &&
      this.loaded.count === group.count
    )
      return;
    const blocks = Math.ceil(group.count / BLOCK);
    this.planes = GROUP_AREA;
    this.packed = this.planes + blocks * PLANE_BLOCK_BYTES;
    this.hashes = this.packed + blocks * BLOCK * 4;
    const end = this.hashes + blocks * BLOCK * 4;
    const memory = this.exports.memory;
    if (end > memory.buffer.byteLength) {
      memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
      this.refreshViews();
    }
    this.bytes.set(group.planes.subarray(0, blocks * PLANE_BLOCK_BYTES), this.planes);
    this.words.set(group.hashes.subarray(0, group.count), this.hashes >>> 2);
    this.loaded = group;
  }

  private refreshViews(): void {
    this.bytes = new Uint8Array(this.exports.memory.buffer);
    this.words = new Int32Array(this.exports.memory.buffer);
  }
}

let kernel: SimdKernel | undefined;

/**
 * This thread's kernel, compiled on first use (synchronously: the module is 3 KB). Throws where the engine
 * lacks WebAssembly SIMD with relaxed swizzle (every Node ≥ 22 has it): there is no other scorer.
 */
export function simdKernel(): SimdKernel {
  return (kernel ??= instantiate());
}

function instantiate(): SimdKernel {
  const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  const bytes = new Uint8Array(Buffer.from(KERNEL_WASM_BASE64, 'base64'));
  if (!wasm?.validate(bytes))
    throw new Error(
      `matching needs WebAssembly SIMD with relaxed swizzle to score (Node ≥ 22); ${process.version} has none`,
    );
  const instance = new wasm.Instance(new wasm.Module(bytes));
  return new SimdKernel(instance.exports as KernelExports);
}
