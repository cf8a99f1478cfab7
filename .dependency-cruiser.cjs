/** Layering of style.md: apps and cli use libs; libs never use apps or cli; web talks to the backend only over HTTP. */
module.exports = {
  forbidden: [
    { name: 'libs-not-to-apps', severity: 'error', from: { path: '^libs/' }, to: { path: '^(apps|cli)/' } },
    { name: 'apps-not-to-other-apps', severity: 'error', from: { path: '^apps/([^/]+)/' }, to: { path: '^apps/', pathNot: '^apps/$1/' } },
    { name: 'cli-not-to-apps', severity: 'error', from: { path: '^cli/' }, to: { path: '^apps/' } },
    { name: 'backend-not-to-web', severity: 'error', from: { path: '^(apps|libs|cli)/' }, to: { path: '^web/' } },
    { name: 'web-not-to-backend', severity: 'error', from: { path: '^web/' }, to: { path: '^(apps|libs|cli)/' } },
    { name: 'no-circular', severity: 'warn', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '(^dist/|\\.spec\\.ts$)' },
  },
};
