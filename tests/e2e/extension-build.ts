/**
 * The build the e2e suites load: a test build (`npm run build:test`, `wxt build --mode e2e`), the only
 * one with the worker's test seam (entrypoints/background/test-seam.ts), in a folder of its own so the
 * production build in `.output` stays what the linters check. `LINKLENS_OUT_DIR` names another folder.
 */
import { join, resolve } from "node:path";

/** The mode of a test build; `import.meta.env.MODE` in the extension's code. */
export const TEST_BUILD_MODE = "e2e";

export const EXTENSION_BUILD_DIR = resolve(
  import.meta.dirname,
  "../..",
  process.env.LINKLENS_OUT_DIR ?? ".output-test",
);

/** A browser's folder in the build: WXT names it `<browser>-mv<N>-<mode>` for a mode other than production. */
export function extensionPath(browserFolder: "chrome-mv3" | "firefox-mv2"): string {
  return join(EXTENSION_BUILD_DIR, `${browserFolder}-${TEST_BUILD_MODE}`);
}
