/**
 * `wxt/browser` in the unit tests: WXT's fake browser, from its own module. WXT's own mock of `wxt/browser`
 * imports `wxt/testing`, whose Vitest plugin loads esbuild, and esbuild refuses to load under jsdom (its
 * TextEncoder check fails there), so every jsdom test that reached `wxt/browser` failed to start.
 */
import { fakeBrowser } from "wxt/testing/fake-browser";

export const browser = fakeBrowser;
export default fakeBrowser;
