/**
 * `npm run bench:ext`: the popup's and the side panel's JavaScript + CSS in the built Chrome extension (what
 * opening loads, and what loads later on demand), beside a bare WXT + React popup built in the same run, and
 * the popup's time to interactive in Chromium: the median of 10 opens, from navigation start to the moment the popup marks itself ready (`data-ready` on <html>).
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { kb, pageSize } from "./bundle-size";
import { EXTENSION_OUTPUT, launchExtensionBrowser } from "./extension-browser";

const OPENS = 10;
const BARE_POPUP = resolve(import.meta.dirname, "reference/bare-popup");

/** Builds the reference popup (bench/reference/bare-popup) with the same WXT, Vite and React. */
function buildBarePopup(): string {
  execFileSync("npx", ["wxt", "build", BARE_POPUP], { stdio: "ignore" });
  return resolve(BARE_POPUP, ".output/chrome-mv3");
}

async function popupTimeToInteractive(): Promise<number[]> {
  const { context, extensionId: id, close } = await launchExtensionBrowser({});
  try {
    const times: number[] = [];
    for (let open = 0; open < OPENS + 1; open++) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${id}/popup.html`);
      await page.waitForSelector("html[data-ready]", { timeout: 10_000 });
      const ms = await page.evaluate(() => Number(document.documentElement.dataset.ready));
      if (open > 0) times.push(ms); // the first open also starts the worker and compiles the code
      await page.close();
    }
    return times;
  } finally {
    await close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function main() {
  const bare = pageSize(buildBarePopup(), "popup.html").initial;
  console.log("JS + CSS on opening (gzip), and what loads later only when a state needs it:");
  console.log(`  bare WXT + React popup  ${kb(bare.gzip).padStart(9)}  (${kb(bare.raw)} raw)`);
  for (const page of ["popup.html", "sidepanel.html"]) {
    const { initial, lazy } = pageSize(EXTENSION_OUTPUT, page);
    const ratio = (initial.gzip / bare.gzip).toFixed(2);
    console.log(
      `  ${page.padEnd(22)} ${kb(initial.gzip).padStart(9)}  (${kb(initial.raw)} raw)  ${ratio}x bare; lazy ${kb(lazy.gzip)} gzip`,
    );
  }
  const times = await popupTimeToInteractive();
  console.log(
    `popup time to interactive: median ${median(times).toFixed(0)} ms over ${times.length} opens (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
