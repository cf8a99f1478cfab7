/** The SPA's layering rules of ../.dependency-cruiser.cjs, cruised with web/tsconfig.json so the `@/` alias resolves. */
module.exports = {
  extends: '../.dependency-cruiser.cjs',
  options: { tsConfig: { fileName: 'web/tsconfig.json' } },
};
