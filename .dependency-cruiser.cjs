/**
 * Import boundaries, checked by `npm run lint` (dependency-cruiser):
 * - no import circles anywhere, of any import: a value's, a type's (`import type`, erased at build time,
 *   still ties the two modules' meaning together), a re-export or a dynamic `import()`;
 * - lib/ is the shared base: it imports nothing from components/, entrypoints/ or server/;
 * - the extension (components/, entrypoints/, lib/) imports nothing from server/, which is Node code.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A module may not depend on itself through others, by value or by type: cut the circle (move what both need to its own module, or a type to where its readers look for it).",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-is-the-base",
      severity: "error",
      comment:
        "lib/ serves the pages, the worker and the service: it may not import a view, an entrypoint or the service.",
      from: { path: "^lib/" },
      to: { path: "^(components|entrypoints|server)/" },
    },
    {
      name: "extension-without-server",
      severity: "error",
      comment: "The extension runs in the browser: it may not import the reference service's Node code.",
      from: { path: "^(components|entrypoints)/" },
      to: { path: "^server/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that does not resolve is a broken build.",
      from: {},
      // `#i18n` and `#imports` are WXT's virtual modules, made at build time.
      to: { couldNotResolve: true, pathNot: "^#(i18n|imports)$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.output|\\.wxt)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
