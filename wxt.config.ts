import { defineConfig } from "wxt";

/** Any other service origin than the local one is asked for when saved, that one origin only. */
const OPTIONAL_ORIGINS = ["https://*/*", "http://*/*"];
/** Asked on first use: the addresses of other tabs (many tabs in one job, the tab-strip item, the badge's count). */
const OPTIONAL_PERMISSIONS = ["tabs"];

export default defineConfig({
  hooks: {
    // The popup is built on its own, not with the other pages: Rollup keeps of zod's core what any module of
    // a build uses, so beside the pages that use full zod (the contract) the popup would open with the core
    // full zod needs; alone it loads only what its zod/mini settings schema needs (docs/benchmarks.md).
    "entrypoints:grouped": (_wxt, groups) => {
      for (const group of groups) {
        const popup = Array.isArray(group) ? group.findIndex((entry) => entry.type === "popup") : -1;
        if (!Array.isArray(group) || popup === -1 || group.length === 1) continue;
        groups.push(group.splice(popup, 1));
        return;
      }
    },
  },
  // LINKLENS_OUT_DIR: a build folder of its own (tests/e2e/extension-build.ts reads the same variable), so
  // two builds at once do not overwrite each other; `npm run build:test` writes the test build to .output-test.
  outDir: process.env.LINKLENS_OUT_DIR ?? ".output",
  // "#i18n" is our lib/i18n (the same typed `i18n.t`, in the language chosen in the options, which
  // browser.i18n cannot switch to), not @wxt-dev/i18n's generated module; that module still builds
  // _locales/ and the message types, and only warns that it skipped its own alias.
  alias: { "#i18n": "lib/i18n/index.ts" },
  modules: ["@wxt-dev/module-react", "@wxt-dev/webextension-polyfill", "@wxt-dev/i18n/module"],
  manifest: ({ browser, manifestVersion }) => ({
    // Messages live in locales/<lang>.yml (@wxt-dev/i18n turns them into _locales/<lang>/messages.json).
    default_locale: "en",
    name: "__MSG_extName__",
    description: "__MSG_extDescription__",
    // contextMenus, scripting + activeTab (links in the selection, read on click only), notifications:
    // the context menus and the shortcut (entrypoints/background/context-menus/). `tabs` is not asked
    // at install (Chrome words it "Read your browsing history"): it is optional, asked the first time a
    // feature needs the addresses of other tabs (lib/browser/tabs-permission.ts).
    permissions: ["storage", "alarms", "contextMenus", "scripting", "activeTab", "notifications"],
    // The local reference service (npm start); nothing else at install.
    host_permissions: ["http://localhost/*", "http://127.0.0.1/*"],
    // MV3: `optional_host_permissions`. MV2 (Firefox) has no such key and WXT drops it there, so the
    // origins go into `optional_permissions`, where MV2 keeps optional hosts.
    ...(manifestVersion === 2
      ? { optional_permissions: [...OPTIONAL_PERMISSIONS, ...OPTIONAL_ORIGINS] }
      : { optional_permissions: OPTIONAL_PERMISSIONS, optional_host_permissions: OPTIONAL_ORIGINS }),
    ...(browser === "firefox" && {
      browser_specific_settings: {
        // A fixed id keeps storage and permissions across reinstalls; Linklens collects no data.
        gecko: { id: "linklens@linklens.dev", data_collection_permissions: { required: ["none"] } },
      },
    }),
    // MV2 (Firefox) names the popup's command `_execute_browser_action`.
    commands: {
      [manifestVersion === 2 ? "_execute_browser_action" : "_execute_action"]: {
        suggested_key: { default: "Alt+Shift+L" },
        description: "__MSG_shortcuts_openPopup__",
      },
      "analyze-page": {
        suggested_key: { default: "Alt+Shift+A" },
        description: "__MSG_shortcuts_analyzePage__",
      },
      // Firefox opens the sidebar itself on `_execute_sidebar_action`; Chrome's worker opens the side panel.
      [manifestVersion === 2 ? "_execute_sidebar_action" : "open-library"]: {
        suggested_key: { default: "Alt+Shift+K" },
        description: "__MSG_shortcuts_openLibrary__",
      },
    },
  }),
});
