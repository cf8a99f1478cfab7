import { readFileSync } from 'node:fs';
import wabt from 'wabt';
import { simdKernel } from './simd-kernel.js';
import { KERNEL_WASM_BASE64 } from './simd-kernel.wasm.js';

describe('scoring kernel module', () => {
  it('is what simd-kernel.wat assembles to (run node scripts/build-kernel.mjs after editing the .wat)', async () => {
    const text = readFileSync(new URL('./simd-kernel.wat', import.meta.url), 'utf8');
    const module = (await wabt()).parseWat('simd-kernel.wat', text, { simd: true, relaxed_simd: true });
    try {
      module.validate();
      const assembled = Buffer.from(module.toBinary({}).buffer).toString('base64');
      expect(assembled).toBe(KERNEL_WASM_BASE64);
    } finally {
      module.destroy();
    }
  });

  it('compiles once per thread', () => {
    expect(simdKernel()).toBe(simdKernel());
  });
});
