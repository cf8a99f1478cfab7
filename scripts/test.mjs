#!/usr/bin/env node
// The whole suite in one command: unit (Jest), SPA components (Vitest), a production build, API
// end-to-end (Jest against the real gateway) and browser end-to-end (Chromium). Each step's counts are
// added up and the last line is the plain 'N passed, N failed' summary.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2);
const reports = mkdtempSync(join(tmpdir(), 'fated-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function countJest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

const jestEnv = { NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' };
const steps = {
  typecheck: () => run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) &&
    run('typecheck browser tests', 'npx', ['tsc', '-p', 'test/browser/tsconfig.json']) &&
    run('typecheck web', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']),
  lint: () => run('lint', 'npm', ['run', 'lint', '--silent']),
  unit: () => {
    const out = join(reports, 'unit.json');
    run('unit', 'npx', ['jest', '--selectProjects', 'unit', '--json', `--outputFile=${out}`], jestEnv);
    countJest(out);
  },
  web: () => {
    const out = join(reports, 'web.json');
    run('web components', 'npx', ['vitest', 'run', '--config', 'web/vite.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${out}`]);
    countJest(out);
  },
  build: () => run('build', 'npm', ['run', 'build']),
  api: () => {
    const out = join(reports, 'api.json');
    run('api e2e', 'npx', ['jest', '--selectProjects', 'api', 'integration', '--runInBand', '--json', `--outputFile=${out}`], jestEnv);
    countJest(out);
  },
  browser: () => {
    const out = join(reports, 'browser.json');
    run('browser e2e', 'npx', ['jest', '--selectProjects', 'browser', '--runInBand', '--json', `--outputFile=${out}`], jestEnv);
    countJest(out);
  },
};

for (const [name, step] of Object.entries(steps)) {
  if (only.length === 0 || only.includes(name)) step();
}

console.log(`\nSteps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
