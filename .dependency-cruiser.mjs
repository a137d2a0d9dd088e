// Import cycles (npm run lint runs this after ESLint): a module never reaches itself through its
// imports. Type-only imports count too, so a contract never names its own registry; a dynamic
// import counts, as the file it loads is still part of the loop.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'import cycle: move what both sides share into a module both import (a registry imports its members, never the reverse)',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6'],
    enhancedResolveOptions: { extensions: ['.ts', '.svelte', '.js', '.mjs'] },
  },
};
