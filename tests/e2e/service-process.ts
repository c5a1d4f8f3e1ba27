import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface ServiceProcess {
  url: string;
  close(): Promise<void>;
}

/** Runs the reference service as `npm run serve` does, in its own process, on a free port. */
export async function startServiceProcess(options: {
  apiKeys: string;
  args?: string[];
}): Promise<ServiceProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "linklens-e2e-data-"));
  const child: ChildProcess = spawn(
    join(ROOT, "node_modules/.bin/tsx"),
    [join(ROOT, "server/cli.ts"), "--port", "0", "--data", dataDir, ...(options.args ?? [])],
    { env: { ...process.env, LINKLENS_API_KEYS: options.apiKeys }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/Linklens service on (http:\/\/\S+)/);
      if (match) resolveUrl(match[1] as string);
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", (code) => reject(new Error(`the service exited with ${code}: ${output}`)));
  });
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        await new Promise<void>((done) => {
          child.once("exit", () => done());
          child.kill("SIGTERM");
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
