/** Layering of style.md: apps and cli use libs; libs never use apps or cli; web talks to the backend only over HTTP. */

module.exports = {
  forbidden: [
    { name: 'libs-not-to-apps', severity: 'error', from: { path: '^libs/' }, to: { path: '^(apps|cli)/' } },
    { name: 'apps-not-to-other-apps', severity: 'error', from: { path: '^apps/([^/]+)/' }, to: { path: '^apps/', pathNot: '^apps/$1/' } },
    { name: 'cli-not-to-apps', severity: 'error', from: { path: '^cli/' }, to: { path: '^apps/' } },
    { name: 'backend-not-to-web', severity: 'error', from: { path: '^(apps|libs|cli)/' }, to: { path: '^web/' } },
    { name: 'web-not-to-backend', severity: 'error', from: { path: '^web/' }, to: { path: '^(apps|libs|cli)/' } },
    // A context uses another only through its index.ts (its public API) or its Nest module (composition).
    {
      name: 'contexts-through-their-index',
      severity: 'error',
      from: { path: '^libs/(accounts|profiles|images|quiz|waitlist|safety|privacy|matching|notifications|connections)/' },
      to: {
        path: '^libs/(accounts|profiles|images|quiz|waitlist|safety|privacy|matching|notifications|connections)/',
        pathNot: ['^libs/$1/', '^libs/([^/]+)/(index|\\1\\.module)\\.ts$'],
      },
    },
    // Matching reads members, profiles and blocks: those contexts ask it only through ports it binds (ShownMatches).
    {
      name: 'no-arrows-up-to-matching',
      severity: 'error',
      from: { path: '^libs/(accounts|profiles|images|quiz|waitlist|safety|notifications)/' },
      to: { path: '^libs/matching/' },
    },
    // The CLI is one more user of the contexts: through their index.ts, or their Nest modules to compose them.
    {
      name: 'cli-through-context-index',
      severity: 'error',
      from: { path: '^cli/' },
      to: {
        path: '^libs/(accounts|profiles|images|quiz|waitlist|safety|privacy|matching|notifications|connections)/',
        pathNot: '^libs/[^/]+/(index|[^/]+\\.module)\\.ts$',
      },
    },
    // bulletproof-react: a feature is self-contained; what several features share lives in components/ or lib/.
    { name: 'web-features-not-to-other-features', severity: 'error', from: { path: '^web/src/features/([^/]+)/' }, to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' } },
    { name: 'web-shared-not-to-features', severity: 'error', from: { path: '^web/src/(components|lib)/' }, to: { path: '^web/src/features/' } },
    { name: 'no-circular', severity: 'warn', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '(^dist/|\\.spec\\.ts$)' },
  },
};
