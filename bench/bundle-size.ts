/**
 * What a built extension page costs to load: the JavaScript + CSS its HTML loads and everything those import
 * statically (`initial`), and what it imports only on demand (`lazy`: `import()` and the chunks Vite preloads
 * with it), raw and gzip.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

interface Size {
  raw: number;
  gzip: number;
}

export interface PageSize {
  initial: Size;
  lazy: Size;
}

const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.(?:js|css))["']/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g;
/** Vite's preload list (`m.f=["chunks/a.js","assets/b.css"]`), relative to the output folder. */
const PRELOAD_LIST = /m\.f=\[([^\]]*)\]/g;

function reachable(outputDir: string, roots: string[], followLazy: boolean): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    if (!file.endsWith(".js")) continue;
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(STATIC_IMPORT))
      pending.push(resolve(dirname(file), match[1] as string));
    if (!followLazy) continue;
    for (const match of code.matchAll(DYNAMIC_IMPORT))
      pending.push(resolve(dirname(file), match[1] as string));
    for (const match of code.matchAll(PRELOAD_LIST)) {
      for (const name of (match[1] as string).matchAll(/"([^"]+)"/g))
        pending.push(join(outputDir, name[1] as string));
    }
  }
  return seen;
}

function total(files: Iterable<string>): Size {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

export function pageSize(outputDir: string, page: string): PageSize {
  const html = readFileSync(join(outputDir, page), "utf8");
  const roots = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((match) =>
    join(outputDir, match[1] as string),
  );
  const initial = reachable(outputDir, roots, false);
  const all = reachable(outputDir, roots, true);
  return { initial: total(initial), lazy: total([...all].filter((file) => !initial.has(file))) };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
