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

/**
 * The V8 flags `npm run serve` runs the built service with (package.json says them too; service.test.ts
 * checks both agree). With 100,000 analyses on PGlite they take some 100 MiB off an idle service's resident
 * memory, at no measured cost to its throughput (docs/benchmarks.md):
 * - `--liftoff-only`: PGlite's WebAssembly runs as V8's baseline compiler builds it, never optimized: the
 *   optimizing compiler's work on its hot functions left about 50 MiB resident in the allocator. Its
 *   queries run about a quarter slower, and reads by id and related searches no longer go through it
 *   (the record cache's file, the related index).
 * - `--max-semi-space-size=8`: a young generation of 16 MiB, not 32, which a burst of allocation (the
 *   warm-up at start) leaves committed for the life of the process.
 * - `--v8-pool-size=1`: one background thread for V8's concurrent work (collecting, compiling), not four:
 *   each thread kept an allocator arena of its own, some 20 MiB more resident, and the service's two cores
 *   are busy with its requests and its page threads anyway.
 */
export const SERVICE_NODE_FLAGS = ["--liftoff-only", "--max-semi-space-size=8", "--v8-pool-size=1"];

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
