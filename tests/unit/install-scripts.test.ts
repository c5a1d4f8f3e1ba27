/**
 * `npm install --strict-allow-scripts` (what .ci/run installs with) fails on any dependency whose install
 * script package.json's `allowScripts` neither approves nor denies: every such package in the lock file
 * must be named there.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), "utf8"));

describe("install scripts", () => {
  const { allowScripts = {} } = read("package.json") as { allowScripts?: Record<string, boolean> };
  const lock = read("package-lock.json") as {
    packages: Record<string, { hasInstallScript?: boolean; version?: string }>;
  };
  const withScripts = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== "" && entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));

  it("every dependency with an install script is approved or denied in allowScripts", () => {
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
  });

  it("names in allowScripts only dependencies of the lock file that have an install script", () => {
    // An entry nothing installs any more (or whose package dropped its script) decides nothing: it goes.
    expect(Object.keys(allowScripts).length).toBeGreaterThan(0);
    expect(Object.keys(allowScripts).filter((name) => !withScripts.includes(name))).toEqual([]);
  });
});
