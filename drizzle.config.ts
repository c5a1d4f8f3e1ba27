import { defineConfig } from "drizzle-kit";

/** `npx drizzle-kit generate` writes the migration for a change to the store's schema (server/store/schema.ts). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/store/schema.ts",
  out: "./server/store/migrations",
});
