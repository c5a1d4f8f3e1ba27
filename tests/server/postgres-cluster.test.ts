import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { startPostgresCluster } from "../helpers/postgres-cluster";

const HELPER = new URL("../helpers/postgres-cluster.ts", import.meta.url).pathname;

/** Whether a server answers at `url`. */
async function answers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`SELECT 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

describe("a throwaway Postgres cluster (Debian's postgresql package; .ci/run installs it, so this never skips)", () => {
  it("answers queries on its own database, then stop() shuts it down and removes its folder", async () => {
    const started = performance.now();
    const cluster = await startPostgresCluster();
    const startMs = performance.now() - started;
    const sql = postgres(cluster.url, { max: 1 });
    try {
      const [row] = await sql<{ version: string; database: string }[]>`
        SELECT version() AS version, current_database() AS database`;
      expect(row?.version).toMatch(/^PostgreSQL \d+/);
      expect(row?.database).toBe("linklens");
      const other = postgres(await cluster.createDatabase("second"), { max: 1 });
      const [second] = await other<{ database: string }[]>`SELECT current_database() AS database`;
      await other.end();
      expect(second?.database).toBe("second");
    } finally {
      await sql.end();
    }
    expect(existsSync(cluster.dir)).toBe(true);
    const stopping = performance.now();
    await cluster.stop();
    console.log(
      `Postgres cluster: started in ${startMs.toFixed(0)} ms, stopped in ${(performance.now() - stopping).toFixed(0)} ms`,
    );
    expect(existsSync(cluster.dir)).toBe(false);
    expect(await answers(cluster.url)).toBe(false);
  });

  it("shuts down and removes its folder when the process that started it is killed", async () => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { startPostgresCluster } = await import(${JSON.stringify(HELPER)});
         const { url, dir } = await startPostgresCluster();
         console.log(JSON.stringify({ url, dir }));
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const { url, dir } = await new Promise<{ url: string; dir: string }>((resolve, reject) => {
      child.stdout.setEncoding("utf8").once("data", (text: string) => resolve(JSON.parse(text)));
      child.once("exit", (code) => reject(new Error(`the child exited (${code}) before starting Postgres`)));
    });
    expect(await answers(url)).toBe(true);
    child.kill("SIGKILL"); // no exit handler runs: only the closed pipe tells the watchdog
    await expect.poll(() => existsSync(dir), { timeout: 10_000 }).toBe(false);
    expect(await answers(url)).toBe(false);
  });
});
