/**
 * Loads the WebAssembly SIMD kernel (simd-kernel.wat.ts) once per thread and holds its memory: the group
 * copied in (planes and hashes; the worker's group lives in SharedArrayBuffers the wasm memory cannot
 * address) and typed views that follow the memory when it grows.
 *
 * The text is assembled with wabt (an npm package: a WebAssembly build of the reference toolkit, no
 * download) at load rather than at build time: no generated file to keep in step with its source, and the
 * same path for Jest, the benches, the worker threads and dist/. It costs about 15 ms per thread.
 *
 * Erasable TypeScript importing only its siblings and wabt: the worker thread loads it from source.
 */
import { BLOCK, GROUP_AREA, KERNEL_WAT, PAGE, PLANE_BLOCK_BYTES } from './simd-kernel.wat.js';

/**
 * The little of the WebAssembly JS API used here, typed locally: the project compiles without the DOM
 * library, where those types live.
 */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array<ArrayBuffer>): boolean;
  instantiate(bytes: Uint8Array<ArrayBuffer>): Promise<{ instance: { exports: unknown } }>;
}

interface KernelExports {
  memory: WasmMemory;
  distances(planes: number, packed: number, blocks: number): void;
  countJoint(packed: number, count: number): void;
  marginals(): void;
  countLanes(packed: number, count: number): void;
  scan(packed: number, hashes: number, blocks: number): void;
}

/** The group as the SIMD kernel reads it: planes (chunk-codes.ts `encodePlanes`) and hashes. */
export interface SimdGroup {
  planes: Uint8Array;
  hashes: Uint32Array;
  count: number;
}

export class SimdKernel {
  /** Byte offsets of the current group's areas in memory (GROUP_AREA on). */
  planes = GROUP_AREA;
  packed = GROUP_AREA;
  hashes = GROUP_AREA;
  bytes!: Uint8Array;
  words!: Int32Array;
  readonly exports: KernelExports;
  private loaded: SimdGroup | undefined;

  constructor(exports: KernelExports) {
    this.exports = exports;
    this.refreshViews();
  }

  /**
   * Copies the group into memory unless it is the one already there (the same arrays); growing memory
   * if needed. Areas are whole blocks of 16 members; packed words past the group read as EXCLUDED later.
   */
  load(group: SimdGroup): void {
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

let loading: Promise<SimdKernel | undefined> | undefined;
let loaded: SimdKernel | undefined;

/** The kernel if `loadSimdKernel` has already resolved with one in this thread. */
export function loadedSimdKernel(): SimdKernel | undefined {
  return loaded;
}

/**
 * This thread's kernel, or undefined where WebAssembly SIMD (with relaxed swizzle) is unavailable: then
 * callers keep to the JavaScript path (fused-tiers4.ts).
 */
export function loadSimdKernel(): Promise<SimdKernel | undefined> {
  return (loading ??= instantiate());
}

async function instantiate(): Promise<SimdKernel | undefined> {
  const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (!wasm) return undefined;
  const bytes = await assemble();
  // False on an engine without SIMD or relaxed SIMD.
  if (!wasm.validate(bytes)) return undefined;
  const { instance } = await wasm.instantiate(bytes);
  return (loaded = new SimdKernel(instance.exports as unknown as KernelExports));
}

/** The kernel's binary, assembled from its text. */
export async function assemble(): Promise<Uint8Array<ArrayBuffer>> {
  const { default: wabt } = await import('wabt');
  const module = (await wabt()).parseWat('simd-kernel.wat', KERNEL_WAT, { simd: true, relaxed_simd: true });
  try {
    module.validate();
    return new Uint8Array(module.toBinary({}).buffer);
  } finally {
    module.destroy();
  }
}
