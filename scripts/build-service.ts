/**
 * `npm run build:service`: the reference service as plain JavaScript in `.output-service/`, which
 * `npm run serve` runs with plain Node: one bundle for the CLI and one for the page threads, our code only
 * (packages stay in node_modules), and the migrations beside them. Run from source through tsx, the
 * TypeScript loader and its compiled copies held some 90 MiB of an idle service's memory (issue 37).
 */
import { cpSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { build } from "esbuild";

const ROOT = resolve(import.meta.dirname, "..");
/** Where `npm run serve` builds and runs the service. */
export const SERVICE_DIR = resolve(ROOT, ".output-service");

/** Builds the service into `outDir`; answers the path of its CLI. */
export async function buildService(outDir = SERVICE_DIR): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: { cli: "server/cli.ts", "page-worker": "server/work/page-worker.mjs" },
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    // page-worker.mjs compiles its TypeScript through tsx only when it runs from source
    define: { LINKLENS_BUILT: "true" },
    logLevel: "warning",
  });
  // migrate.ts reads them beside its own module, which is now the bundle
  cpSync(resolve(ROOT, "server/store/migrations"), resolve(outDir, "migrations"), { recursive: true });
  return resolve(outDir, "cli.mjs");
}

if (process.argv[1] === import.meta.filename) await buildService();
