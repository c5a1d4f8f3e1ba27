import { defineConfig } from "wxt";

export default defineConfig({
  modules: ["@wxt-dev/module-react", "@wxt-dev/webextension-polyfill"],
  manifest: {
    name: "Linklens",
    description: "Analyze web pages with a prompt through the Link Analysis Service.",
    permissions: ["storage", "alarms"],
    host_permissions: ["http://localhost/*", "http://127.0.0.1/*"],
  },
});
