/**
 * Rendering pages built by JavaScript in the system's Chromium: client-rendered and fetched articles are
 * read with their real text; every request a page makes while rendering goes through the fetcher's
 * address guard (nothing reaches loopback, link-local, private addresses or files); a page that loops,
 * allocates without end, opens popups or redirects forever fails or is read within its limits; a page
 * with readable text of its own is read as fetched when its render fails, and no real shop page of the
 * product benchmark is taken for a shell.
 */

import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, readServiceConfig } from "../../server/config";
import { looksLikeAppShell } from "../../server/pages/app-shell";
import { extractPage } from "../../server/pages/extract-page";
import { createPageFetcher, type PageFetcher } from "../../server/pages/fetch-page";
import { createPageRenderer, findChromium } from "../../server/pages/render-page";
import type { FetchedPage, FetchedTextPage } from "../../server/pages/types";
import { lateTextPage } from "../fixtures/site";
import { sharedTestdata } from "../helpers/shared-testdata";
import { fixtureSitePerFile } from "./helpers/fixture-site";
import { startTestService } from "./helpers/service";

const chromium = findChromium();
if (!chromium) console.warn("Skipped: no Chromium found for the render tests (set LINKLENS_CHROMIUM).");

const env = fixtureSitePerFile();
/** Reaches the fixture site on localhost, rendering every HTML page. */
let rendering: PageFetcher;
/** Reaches the fixture site, without rendering. */
let plain: PageFetcher;
/** Reaches nothing but the fetcher's guard allows: public addresses. */
let guarded: PageFetcher;
let canary: Server;
let canaryPort: number;
const canaryConnections: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  rendering = createPageFetcher({
    allowPrivateNetworks: true,
    ca: env.site.caPem,
    render: "always",
    log: (line) => logged.push(line),
  });
  plain = createPageFetcher({ allowPrivateNetworks: true, ca: env.site.caPem });
  guarded = createPageFetcher({ allowPrivateNetworks: false, ca: env.site.caPem });
  canary = createServer((socket) => {
    canaryConnections.push(`${socket.remoteAddress}:${socket.remotePort}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  canaryPort = (canary.address() as AddressInfo).port;
});

afterAll(async () => {
  await rendering?.close();
  await guarded?.close();
  await plain?.close();
  canary?.close();
});

const asText = (page: FetchedPage): FetchedTextPage => {
  if (page.contentType === "application/pdf") throw new Error("a PDF");
  return page;
};

describe("looksLikeAppShell (the auto policy)", () => {
  it("renders a page with scripts and little text, or an app root with some", async () => {
    expect(
      await looksLikeAppShell(
        '<html><body><div id="root"></div><script src="/app.js"></script></body></html>',
      ),
    ).toBe(true);
    const someText = `<p>${"Otters swim under the bridge. ".repeat(20)}</p>`;
    expect(
      await looksLikeAppShell(
        `<html><body><div id="__next">${someText}</div><script>1</script></body></html>`,
      ),
    ).toBe(true);
  });

  it("reads a page without scripts, or with enough text, as fetched", async () => {
    expect(await looksLikeAppShell('<html><body><div id="root"></div></body></html>')).toBe(false);
    const article = `<article>${`<p>${"Otters swim under the bridge again this spring. ".repeat(20)}</p>`.repeat(3)}</article>`;
    expect(
      await looksLikeAppShell(`<html><body>${article}<script src="/analytics.js"></script></body></html>`),
    ).toBe(false);
    expect(
      await looksLikeAppShell(
        '<html><head><script type="application/ld+json">{}</script></head><body><p>Short.</p></body></html>',
      ),
    ).toBe(false);
  });

  it("reads the whole page: text after 600 KiB of inline script makes it no shell", async () => {
    const page = lateTextPage(600);
    expect(page.indexOf("<main")).toBeGreaterThan(600 * 1024);
    expect(await looksLikeAppShell(page)).toBe(false);
    // The same page without its text is a shell, however long its script.
    expect(await looksLikeAppShell(page.replace(/<main[\s\S]*<\/main>/, '<main id="app"></main>'))).toBe(
      true,
    );
  });
});

describe.skipIf(!chromium)("rendering in Chromium", { timeout: 120_000 }, () => {
  it("reads a client-rendered article with its real text", async () => {
    const page = asText(await rendering.fetchPage(env.site.url("/render/client-rendered.html")));
    const extracted = extractPage(page);
    expect(extracted.analysis.title).toBe("Otters return to the canals");
    expect(extracted.analysis.text).toMatch(/fourteen otters/);
    expect(extracted.analysis.text).not.toMatch(/Loading/);
  });

  it("reads an article the page loads with fetch from its own origin", async () => {
    const page = asText(await rendering.fetchPage(env.site.url("/render/fetched-article.html")));
    const extracted = extractPage(page);
    expect(extracted.analysis.text).toMatch(/grey herons has built its nest/);
    expect(env.site.requested).toContain("/render/article.json");
  });

  it("blocks and logs every request to loopback, link-local, private addresses and files; none leaves", async () => {
    const lines: string[] = [];
    const renderer = createPageRenderer({
      executablePath: chromium as string,
      fetchResource: guarded.fetchResource,
      log: (line) => lines.push(line),
    });
    try {
      // The page as fetched, rendered with the guard of a service that allows only public addresses.
      const fetched = asText(
        await plain.fetchPage(env.site.url(`/render/reach-out.html?port=${canaryPort}`)),
      );
      const page = await renderer.render(fetched, AbortSignal.timeout(20_000));
      expect(extractPage(page).analysis.text).toMatch(/still here to be read/);
    } finally {
      await renderer.close();
    }
    const blocked = lines.join("\n");
    expect(blocked).toMatch(
      /blocked https:\/\/127\.0\.0\.1:\d+\/from-fetch: 127\.0\.0\.1 is a loopback address/,
    );
    expect(blocked).toMatch(/blocked http:\/\/127\.0\.0\.1:\d+\/from-http: only https/);
    expect(blocked).toMatch(
      /blocked https:\/\/localhost:\d+\/from-name: localhost resolves to an address that is not public/,
    );
    expect(blocked).toMatch(
      /blocked https:\/\/169\.254\.169\.254\/latest\/meta-data\/: 169\.254\.169\.254 is a link-local address/,
    );
    expect(blocked).toMatch(/blocked http:\/\/169\.254\.169\.254\/latest\/meta-data\/: only https/);
    expect(blocked).toMatch(/blocked https:\/\/10\.0\.0\.1\/internal: 10\.0\.0\.1 is a private address/);
    expect(blocked).toMatch(/blocked file:\/\/\/etc\/passwd/);
    expect(blocked).toMatch(/blocked a WebSocket to ws:\/\/127\.0\.0\.1/);
    expect(canaryConnections).toEqual([]);
  });

  describe("a hostile page", () => {
    const attack = async (path: string) => {
      const lines: string[] = [];
      const renderer = createPageRenderer({
        executablePath: chromium as string,
        fetchResource: plain.fetchResource,
        log: (line) => lines.push(line),
        timeoutMs: 5_000,
      });
      const started = performance.now();
      try {
        const fetched = asText(await plain.fetchPage(env.site.url(path)));
        const outcome = await renderer.render(fetched, AbortSignal.timeout(20_000)).then(
          (page) => ({ ok: true as const, page }),
          (error: unknown) => ({ ok: false as const, error }),
        );
        // The renderer still works after the attack.
        const next = await renderer.render(
          asText(await plain.fetchPage(env.site.url("/render/client-rendered.html"))),
          AbortSignal.timeout(20_000),
        );
        expect(extractPage(next).analysis.text).toMatch(/fourteen otters/);
        return { outcome, lines, ms: performance.now() - started };
      } finally {
        await renderer.close();
      }
    };

    it("that loops forever fails as page_too_complex at the render's time limit", async () => {
      const { outcome, ms } = await attack("/render/loop.html");
      expect(outcome).toMatchObject({ ok: false, error: { code: "page_too_complex" } });
      expect(ms).toBeLessThan(15_000);
    });

    it("that allocates without end fails as page_too_complex", async () => {
      const { outcome, ms } = await attack("/render/allocate.html");
      expect(outcome).toMatchObject({ ok: false, error: { code: "page_too_complex" } });
      expect(ms).toBeLessThan(15_000);
    });

    it("that opens popups is read, its popups closed and logged", async () => {
      const { outcome, lines } = await attack("/render/popups.html");
      if (!outcome.ok) throw outcome.error;
      expect(extractPage(outcome.page).analysis.text).toMatch(/tried to open twenty popup/);
      expect(lines.some((line) => /(closed|blocked) a popup/.test(line))).toBe(true);
      expect(env.site.requested.filter((path) => path.startsWith("/render/popups.html?child="))).toEqual([]);
    });

    it("that redirects forever fails as too_many_redirects", async () => {
      const { outcome, lines } = await attack("/render/redirect-forever.html");
      expect(outcome).toMatchObject({ ok: false, error: { code: "too_many_redirects" } });
      expect(lines.some((line) => /more than 5 navigations/.test(line))).toBe(true);
    });
  });

  describe("a render that fails under --render auto", () => {
    const lines: string[] = [];
    /** Its links get 5 s, rendering included: a page whose scripts never end is cut off then. */
    let auto: PageFetcher;

    beforeAll(() => {
      auto = createPageFetcher({
        allowPrivateNetworks: true,
        ca: env.site.caPem,
        render: "auto",
        timeoutMs: 5_000,
        log: (line) => lines.push(line),
      });
    });

    afterAll(async () => {
      await auto?.close();
    });

    it("leaves a page with readable text as fetched when its render runs out of time", async () => {
      const url = env.site.url("/render/stuck-article.html");
      const page = asText(await auto.fetchPage(url));
      expect(page.body).toContain("A pair of kingfishers has nested");
      expect(page.body).toContain("for (;;) {}");
      expect(lines).toContain(
        `render ${url}: the rendering of ${url} was cancelled; read as fetched, which has text of its own`,
      );
    });

    it("fails a real shell whose render runs out of time as page_too_complex", async () => {
      const url = env.site.url("/render/loop.html");
      await expect(auto.fetchPage(url)).rejects.toMatchObject({
        code: "page_too_complex",
        message: `the rendering of ${url} was cancelled`,
      });
      expect(lines.filter((line) => line.includes(url))).toEqual([]);
    });
  });

  it("analyzes rendered pages through the service (render auto) with their real text", async () => {
    const service = await startTestService({ ca: env.site.caPem, render: "auto" });
    try {
      // A static page first: the page thread's start (seconds on a loaded machine) is not the render's.
      const warmUp = await service.call("POST", "/v1/links", {
        body: { link: [env.site.url("/blog/post.html")], prompt: "What animals are in the town?" },
      });
      expect(warmUp.status).toBe(200);
      const links = [
        env.site.url("/render/client-rendered.html"),
        env.site.url("/render/fetched-article.html"),
      ];
      const { status, body } = await service.call("POST", "/v1/links", {
        body: { link: links, prompt: "What animals are in the town?" },
      });
      expect({ status, failures: body.failures ?? body.error?.details }).toEqual({
        status: 200,
        failures: undefined,
      });
      expect(body.results.map((result: { analysis: { text: string } }) => result.analysis.text)).toEqual([
        expect.stringMatching(/fourteen otters/),
        expect.stringMatching(/grey herons has built its nest/),
      ]);
      expect(body.costCredits).toBe(2);
    } finally {
      await service.close();
    }
  });
});

describe("the render policy", () => {
  it("is auto by default, set by --render or LINKLENS_RENDER, and anything else is refused", () => {
    expect(readServiceConfig([], {}).render).toBe("auto");
    expect(readServiceConfig(["--render", "never"], {}).render).toBe("never");
    expect(readServiceConfig([], { LINKLENS_RENDER: "never" }).render).toBe("never");
    expect(() => readServiceConfig(["--render", "sometimes"], {})).toThrow(
      new ConfigError("--render must be auto, never or always"),
    );
  });

  it("refuses always at start without Chromium, with a clear message", () => {
    expect(() =>
      readServiceConfig(["--render", "always"], { LINKLENS_CHROMIUM: "/nowhere/chromium" }),
    ).toThrow(/--render always needs Chromium, and none was found/);
  });

  it("falls back to static reading with one log line when auto finds no Chromium", async () => {
    const lines: string[] = [];
    const fetcher = createPageFetcher({
      allowPrivateNetworks: true,
      ca: env.site.caPem,
      render: "auto",
      chromium: "",
      log: (line) => lines.push(line),
    });
    try {
      const page = asText(await fetcher.fetchPage(env.site.url("/render/client-rendered.html")));
      expect(page.body).toContain('<div id="root">');
      expect(lines).toEqual([expect.stringMatching(/^render: no Chromium found/)]);
    } finally {
      await fetcher.close();
    }
  });
});

const PRODUCT_PAGES_DIR = sharedTestdata("product-benchmark/html");

describe.skipIf(!PRODUCT_PAGES_DIR)("real shop pages under --render auto", () => {
  it("reads each of the 70 product benchmark pages as fetched: none is taken for a shell", async () => {
    const dir = PRODUCT_PAGES_DIR as string;
    const files = readdirSync(dir)
      .filter((name) => name.endsWith(".html.gz"))
      .sort();
    expect(files).toHaveLength(70);
    const pathOf = (file: string) => `/shop/${file.replace(/\.gz$/, "")}`;
    for (const file of files) {
      env.site.serve(pathOf(file), readFileSync(join(dir, file)), {
        "content-type": "text/html",
        "content-encoding": "gzip",
      });
    }
    // A browser that cannot start: a page taken for a shell would be tried, and say so in the log (or fail),
    // and nothing of the shops' own is ever requested.
    const lines: string[] = [];
    const fetcher = createPageFetcher({
      allowPrivateNetworks: true,
      ca: env.site.caPem,
      render: "auto",
      chromium: "/nowhere/chromium",
      log: (line) => lines.push(line),
    });
    try {
      const read: string[] = [];
      const waiting = [...files];
      // Four links at a time, as the service reads a request's.
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let file = waiting.shift(); file; file = waiting.shift()) {
            const page = await fetcher.fetchPage(env.site.url(pathOf(file)));
            if (page.contentType === "text/html" && page.body.length > 0) read.push(file);
          }
        }),
      );
      expect(read.sort()).toEqual(files);
      expect(lines).toEqual([]);
    } finally {
      await fetcher.close();
    }
  });
});
