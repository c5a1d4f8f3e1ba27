/**
 * The Firefox end-to-end code never has an extension page evaluate a string or build a function:
 * Firefox ESR 140.12 applies the extension page's CSP to puppeteer's `waitForFunction` (its polled
 * predicate is made with `Function()` in the page), and every wait then fails with "call to Function()
 * blocked by CSP". Waits poll with `page.evaluate` (pollPage in drivers/firefox-driver.ts) or use
 * selectors and locators.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const E2E = resolve(import.meta.dirname, "../e2e");
/** The drivers (waitForFunction is refused in every one), the Firefox-only suites and the scenarios both run. */
const FIREFOX_CODE = ["drivers", "firefox", "scenarios"];

/** A rule with `puppeteerOnly` holds in the files that import puppeteer (Playwright's locators are fine). */
const FORBIDDEN: { pattern: RegExp; reason: string; puppeteerOnly?: boolean }[] = [
  {
    pattern: /\bwaitForFunction\s*\(/,
    reason: "waitForFunction builds its predicate with Function() in the page; poll with waitUntil instead",
  },
  {
    pattern: /\.locator\((?![^\n]*\.setWaitForEnabled\(false\))/,
    reason:
      "a puppeteer locator waits for an enabled control with waitForFunction; use locate(), which turns that wait off",
    puppeteerOnly: true,
  },
  {
    pattern: /\.(?:evaluate|evaluateHandle)\(\s*["'`]/,
    reason: "a string evaluated in an extension page is blocked by its CSP; pass a function",
  },
];

/** Source lines without their comments, numbered as in the file. */
function codeLines(text: string): { line: number; code: string }[] {
  const withoutBlocks = text.replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, " "));
  return withoutBlocks
    .split("\n")
    .map((code, index) => ({ line: index + 1, code: code.replace(/\/\/.*$/, "") }));
}

function forbiddenCalls(text: string): string[] {
  const usesPuppeteer = text.includes('from "puppeteer-core"');
  const rules = FORBIDDEN.filter((rule) => usesPuppeteer || !rule.puppeteerOnly);
  return codeLines(text).flatMap(({ line, code }) =>
    rules.filter(({ pattern }) => pattern.test(code)).map(({ reason }) => `line ${line}: ${reason}`),
  );
}

describe("the e2e drivers' waits", () => {
  const files = FIREFOX_CODE.flatMap((folder) =>
    readdirSync(join(E2E, folder))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => join(folder, name)),
  );

  it("reads the driver and the Firefox suites", () => {
    expect(files).toEqual(expect.arrayContaining(["drivers/firefox-driver.ts", "firefox/scenarios.spec.ts"]));
  });

  it.each(files)("%s evaluates no string and builds no function in a page", (file) => {
    expect(forbiddenCalls(readFileSync(join(E2E, file), "utf8"))).toEqual([]);
  });

  it("catches each forbidden call, and not its mention in a comment", () => {
    const sample = [
      'import puppeteer from "puppeteer-core";',
      "// never page.waitForFunction(() => true)",
      "await page.waitForFunction(() => ready);",
      'await page.evaluate("document.title");',
      "await page.evaluate(() => document.title);",
      'await page.locator("input").fill(value);',
      'return page.locator("input").setWaitForEnabled(false);',
    ].join("\n");
    expect(forbiddenCalls(sample)).toEqual([
      `line 3: ${FORBIDDEN[0]?.reason}`,
      `line 4: ${FORBIDDEN[2]?.reason}`,
      `line 6: ${FORBIDDEN[1]?.reason}`,
    ]);
  });
});
