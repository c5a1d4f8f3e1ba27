import { defineConfig } from "wxt";

/** The reference for `npm run bench:ext`: a bare WXT + React popup, nothing of ours. */
export default defineConfig({
  modules: ["@wxt-dev/module-react"],
  manifest: { name: "Bare popup" },
});
