/**
 * Public test suites and real pages live outside the repository, in `../shared/testdata/` beside the
 * checkout (CI has it; see that folder's README). A test that needs one and finds it missing says so once
 * and is skipped: it never passes silently.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const SHARED_TESTDATA_DIR = resolve(
  process.env.LINKLENS_TESTDATA_DIR ?? resolve(import.meta.dirname, "../../../shared/testdata"),
);

const reported = new Set<string>();

/** The absolute path of `relative` in the shared test data, or `undefined` (said once) when it is missing. */
export function sharedTestdata(relative: string): string | undefined {
  const path = resolve(SHARED_TESTDATA_DIR, relative);
  if (existsSync(path)) return path;
  if (!reported.has(relative)) {
    reported.add(relative);
    console.warn(
      `Skipped: ${relative} is not in ${SHARED_TESTDATA_DIR} (public test data: set LINKLENS_TESTDATA_DIR; see docs/testing.md).`,
    );
  }
  return undefined;
}
