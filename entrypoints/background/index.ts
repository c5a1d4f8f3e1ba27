import { defineBackground } from "wxt/utils/define-background";
import { setupCommands } from "./commands";
import { testConnection } from "./connection";

export default defineBackground(() => {
  setupCommands({
    "connection.test": ({ baseUrl, apiKey }) => testConnection(baseUrl, apiKey),
  });
});
