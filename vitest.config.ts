import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { WxtVitest } from "wxt/testing/vitest-plugin";

/**
 * `wxt/browser` as tests/helpers/wxt-browser.ts, ahead of WXT's own alias for it (a later plugin's aliases
 * are tried first), so that a jsdom test can import it.
 */
const fakeBrowserModule = {
  name: "linklens:fake-browser-module",
  config: () => ({
    resolve: { alias: [{ find: /^wxt\/browser$/, replacement: resolve("tests/helpers/wxt-browser.ts") }] },
  }),
};

/** Every test must assert something: one that cannot fail is a defect. */
const setupFiles = ["tests/helpers/expect-assertions.ts"];

export default defineConfig({
  test: {
    // Two files at a time: Vitest's default on a 2-core machine is one, and the server suites wait on service
    // processes, Chromium and Postgres about as much as they compute (9 min alone, 6.5 min two at a time).
    maxWorkers: 2,
    projects: [
      {
        plugins: [WxtVitest(), fakeBrowserModule],
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", setupFiles },
      },
      {
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          setupFiles,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The API suites that exercise the store, again with each service on a Postgres server of its own
        // (tests/server/helpers/service.ts) instead of PGlite.
        test: {
          name: "server-postgres",
          include: [
            "tests/server/api-analyses.test.ts",
            "tests/server/api-analyze.test.ts",
            "tests/server/api-errors.test.ts",
            "tests/server/api-related.test.ts",
            "tests/server/idempotency.test.ts",
          ],
          env: { LINKLENS_TEST_STORE: "postgres" },
          setupFiles,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
