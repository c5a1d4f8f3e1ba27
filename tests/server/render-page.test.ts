/**
 * Rendering pages built by JavaScript in the system's Chromium: client-rendered and fetched articles are
 * read with their real text; every request a page makes while rendering goes through the fetcher's
 * address guard (nothing reaches loopback, link-local, private addresses or files); a page that loops,
 * allocates without end, opens popups or redirects forever fails or is read within its limits.
 */

import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, readServiceConfig } from "../../server/config";
import { extractPage } from "../../server/pages/extract-page";
import { createPageFetcher, type PageFetcher } from "../../server/pages/fetch-page";
import { createPageRenderer, findChromium, looksLikeAppShell } from "../../server/pages/render-page";
import type { FetchedPage, FetchedTextPage } from "../../server/pages/types";
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
  it("renders a page with scripts and little text, or an app root with some", () => {
    expect(
      looksLikeAppShell('<html><body><div id="root"></div><script src="/app.js"></script></body></html>'),
    ).toBe(true);
    const someText = `<p>${"Otters swim under the bridge. ".repeat(20)}</p>`;
    expect(
      looksLikeAppShell(`<html><body><div id="__next">${someText}</div><script>1</script></body></html>`),
    ).toBe(true);
  });

  it("reads a page without scripts, or with enough text, as fetched", () => {
    expect(looksLikeAppShell('<html><body><div id="root"></div></body></html>')).toBe(false);
    const article = `<article>${`<p>${"Otters swim under the bridge again this spring. ".repeat(20)}</p>`.repeat(3)}</article>`;
    expect(
      looksLikeAppShell(`<html><body>${article}<script src="/analytics.js"></script></body></html>`),
    ).toBe(false);
    expect(
      looksLikeAppShell(
        '<html><head><script type="application/ld+json">{}</script></head><body><p>Short.</p></body></html>',
      ),
    ).toBe(false);
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
