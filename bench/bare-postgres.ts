/**
 * The limit of the Postgres path for `bench:server`: bare Hono (@hono/node-server), the same x-api-key check,
 * and the `postgres` package running the store's primary-key query (the columns a read by id fetches, one
 * prepared statement per pooled connection, as many connections as the service pools) and writing the same
 * record JSON from its row. No rate check, no validation, no batching, no Drizzle: what any service on this
 * database pays for a read by id, to compare the service's Postgres figures with.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import postgres from "postgres";
import { createAuthenticator } from "../server/auth";
import { HttpError } from "../server/http/http-error";
import { fromRecordRow } from "../server/store/analysis-rows";
import { fromJsonbText, JSONB_OID } from "../server/store/json-columns";
import { hashApiKey } from "../server/store/key-hash";
import { POOL_SIZE } from "../server/store/open-store";

export async function startBarePostgresServer(databaseUrl: string, apiKey: string) {
  const sql = postgres(databaseUrl, { max: POOL_SIZE, onnotice: () => {}, connection: { TimeZone: "UTC" } });
  sql.options.parsers[JSONB_OID] = (text: string) => text;
  const [tenant] = await sql<{ id: string }[]>`SELECT id FROM tenants WHERE key_hash = ${hashApiKey(apiKey)}`;
  if (!tenant) throw new Error("the bench's key is not in the database");
  const authenticate = createAuthenticator([{ hash: hashApiKey(apiKey), tenantId: tenant.id }]);

  const app = new Hono();
  app.get("/v1/analyses", async (c) => {
    const tenantId = authenticate(c.req.header("x-api-key"));
    const analysisId = c.req.query("analysisId") ?? "";
    const [row] = await sql`
      SELECT created_at::text, updated_at::text, analysis::text, text_content, json_content_text, metadata_text
      FROM analyses WHERE analysis_id = ${analysisId} AND tenant_id = ${tenantId}`;
    if (!row) throw new HttpError(404, "no such analysis");
    const record = fromRecordRow({
      analysisId,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      analysis: fromJsonbText(row.analysis) as Parameters<typeof fromRecordRow>[0]["analysis"],
      textContent: row.text_content,
      jsonContent: row.json_content_text === null ? null : JSON.parse(row.json_content_text),
      metadata: row.metadata_text === null ? null : JSON.parse(row.metadata_text),
    });
    c.header("ETag", `"${record.updatedAt}"`);
    return c.json(record);
  });
  app.onError((error, c) =>
    error instanceof HttpError ? c.json(error.body("req_bare"), error.status) : c.json({}, 500),
  );

  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const listening = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => done(listening));
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      await sql.end({ timeout: 5 });
    },
  };
}
