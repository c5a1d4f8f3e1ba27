/**
 * Running a public benchmark's own scorer (the `evaluate.py` of Zyte's article and product benchmarks) on
 * predictions, to check our TypeScript ports of their metrics against it. Each script reads its ground truth
 * and a folder of `<system>.json` predictions from its working directory and writes its figures as JSON
 * with `--output`; this runs it in a temporary folder holding the files it expects.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * The Pythons tried, in order: the PATH's `python3`, then the system's. A python3 from pyenv or a venv
 * may lack a module that Debian's carries as a package (`tabulate`: python3-tabulate, which CI installs).
 */
const CANDIDATES = ["python3", "/usr/bin/python3"];

const found = new Map<string, string | undefined>();

/** The first python3 here that imports every one of `modules`, or undefined when none does. */
export function findPython(modules: readonly string[] = []): string | undefined {
  const key = modules.join(",");
  if (!found.has(key)) {
    const imports = modules.map((module) => `import ${module}`).join("; ") || "pass";
    found.set(
      key,
      CANDIDATES.find((python) => {
        try {
          execFileSync(python, ["-c", imports], { stdio: "ignore" });
          return true;
        } catch {
          return false;
        }
      }),
    );
  }
  return found.get(key);
}

export interface ScorerRun {
  /** The Python to run it with (`findPython`). */
  python: string;
  /** The scorer, an `evaluate.py` taking `--n-bootstrap` and `--output`. */
  script: string;
  /** What its working directory must hold: file contents by path relative to it. */
  files: Record<string, string | Uint8Array>;
}

/** The JSON the scorer writes with `--output`, having read `files` from a temporary working directory. */
export function runBenchmarkScorer({ python, script, files }: ScorerRun): unknown {
  const work = mkdtempSync(join(tmpdir(), "benchmark-scorer-"));
  try {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(work, path)), { recursive: true });
      writeFileSync(join(work, path), content);
    }
    const output = join(work, "results.json");
    // Two bootstrap rounds: the deviations are not compared, and the scripts need two to compute them.
    try {
      execFileSync(python, [script, "--n-bootstrap", "2", "--output", output], {
        cwd: work,
        stdio: ["ignore", "ignore", "pipe"],
      });
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
      throw new Error(`${python} ${script} failed${stderr ? `:\n${stderr}` : ""}`, { cause: error });
    }
    return JSON.parse(readFileSync(output, "utf8"));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
