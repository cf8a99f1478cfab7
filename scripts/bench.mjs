#!/usr/bin/env node
// Benchmarks under test/bench: `npm run bench -- <name> [options]`, e.g. `npm run bench -- matching --users 10000`.
// Compiles libs, cli and test/bench into dist/bench (incrementally), then runs test/bench/<name>/<name>.bench.
// DATABASE_URL set: the benchmark runs on a fresh PostgreSQL database; otherwise on PGlite in a temp DATA_DIR.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const benches = readdirSync(join(root, 'test/bench'), { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() && existsSync(join(root, 'test/bench', entry.name, `${entry.name}.bench.ts`)),
  )
  .map((entry) => entry.name);
const [name, ...args] = process.argv.slice(2);

if (!name || !benches.includes(name)) {
  console.error(`usage: npm run bench -- <${benches.join('|')}> [options]`);
  process.exit(2);
}

const tsc = spawnSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'test/bench/tsconfig.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const script = join(root, 'dist/bench/test/bench', name, `${name}.bench.js`);
const run = spawnSync(process.execPath, ['--max-old-space-size=8192', script, ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
