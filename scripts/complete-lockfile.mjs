#!/usr/bin/env node
// The registry mirror on our build machines does not serve some platform binaries (darwin, win32, …) of
// @swc/core and unrs-resolver, so npm leaves them out of package-lock.json and `npm ci` then refuses the
// lock everywhere. This adds the missing optional entries with their os/cpu, so npm skips them on other
// platforms and installs them where they fit. Run after changing dependencies: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
const osOf = (name) => ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'wasm32'].find((os) => name.includes(`-${os}-`) || name.endsWith(`-${os}`));
const cpuOf = (name) => {
  const part = name.split('-').slice(1).join('-');
  for (const [pattern, cpu] of [[/arm64|aarch64/, 'arm64'], [/x64/, 'x64'], [/ia32/, 'ia32'], [/ppc64/, 'ppc64'], [/s390x/, 's390x'], [/riscv64/, 'riscv64'], [/loong64/, 'loong64'], [/arm/, 'arm']]) {
    if (pattern.test(part)) return cpu;
  }
  return undefined;
};

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/node_modules/${name}`]) continue;
    const os = osOf(name);
    const cpu = cpuOf(name);
    packages[key] = {
      version,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      license: entry.license,
      optional: true,
      ...(os ? { os: [os === 'wasm32' ? 'any' : os] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} missing optional platform entries`);
