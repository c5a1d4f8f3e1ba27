/**
 * `npm run bench:ext`: the popup's and the side panel's JavaScript + CSS (raw and gzip, with every chunk
 * they import) in the built Chrome extension, and the popup's time to interactive in Chromium: the median
 * of 10 opens, from navigation start to the moment the popup marks itself ready (`data-ready` on <html>).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { EXTENSION_OUTPUT, launchExtensionBrowser } from "./extension-browser";

const OPENS = 10;

/** The files a page loads: its scripts and styles, and every chunk those scripts import, transitively. */
function pageAssets(page: string): string[] {
  const html = readFileSync(join(EXTENSION_OUTPUT, page), "utf8");
  const pending = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((match) =>
    join(EXTENSION_OUTPUT, match[1] as string),
  );
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    if (!file.endsWith(".js")) continue;
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(/(?:import|from)\s*\(?\s*["'](\.{1,2}\/[^"']+\.(?:js|css))["']/g)) {
      pending.push(resolve(dirname(file), match[1] as string));
    }
  }
  return [...seen];
}

function sizes(page: string) {
  let raw = 0;
  let gzip = 0;
  for (const file of pageAssets(page)) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

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
  for (const page of ["popup.html", "sidepanel.html"]) {
    const { raw, gzip } = sizes(page);
    console.log(`${page.padEnd(15)} JS + CSS: ${kb(raw)} raw, ${kb(gzip)} gzip`);
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
