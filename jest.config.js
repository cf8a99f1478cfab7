// Three projects: fast unit specs beside the code, API end-to-end against a real Nest app,
// and browser end-to-end in Debian's Chromium. All run ESM through @swc/jest.
const shared = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['@swc/jest', JSON.parse((await import('node:fs')).readFileSync('.swcrc', 'utf8'))] },
  testEnvironment: 'node',
};

export default {
  // testTimeout is a global option (ignored inside projects): generous for end-to-end runs on 2 cores.
  testTimeout: 180_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,cli}/**/*.spec.ts'] },
    { ...shared, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'] },
    { ...shared, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.e2e-spec.ts'] },
    // Service-level tests of composition roots without HTTP (the matcher process), on PGlite or DATABASE_URL.
    { ...shared, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.int-spec.ts'] },
    // Gateway + matcher processes over PostgreSQL and a real Kafka broker (npm run test:distributed).
    { ...shared, displayName: 'distributed', testMatch: ['<rootDir>/test/distributed/**/*.e2e-spec.ts'] },
  ],
};
