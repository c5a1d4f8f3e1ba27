/**
 * Renders a page in headless Chromium (playwright-core, the system's browser) for pages built by
 * JavaScript. One browser process, started on demand and closed when idle; a fresh context per page.
 * Chromium itself reaches nothing: it resolves no name, and every request it makes is answered here, by
 * the fetcher's guarded `fetchResource` (https only, public addresses only, checked per connection).
 * Images, media and fonts are not loaded; downloads, WebSockets, service workers and popups are refused.
 */
import { existsSync } from "node:fs";
import type { Browser, BrowserContext, Frame, Request, Route } from "playwright-core";
import { type FetchedTextPage, PageFailure } from "./types";

export type RenderPolicy = "auto" | "never" | "always";
export const RENDER_POLICIES: readonly RenderPolicy[] = ["auto", "never", "always"];

/** A subresource as the guarded fetcher answers it (redirects are not followed: Chromium follows them). */
export interface FetchedResource {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type FetchResource = (
  url: string,
  request: { method: string; headers: Record<string, string>; body?: Buffer },
  signal: AbortSignal,
) => Promise<FetchedResource>;

export interface PageRendererOptions {
  executablePath: string;
  fetchResource: FetchResource;
  log: (line: string) => void;
  /** Pages rendered at once (each in its own context of the one browser). Default 2. */
  concurrency?: number;
  /** Time for one render, within the link's deadline. Default 10 s. */
  timeoutMs?: number;
  /** JavaScript heap of a page's renderer, in MiB. Default 128. */
  heapMb?: number;
  /** The browser closes after this long without a page. Default 30 s. */
  idleMs?: number;
}

export interface PageRenderer {
  /** The page's HTML after its scripts ran; a `PageFailure` when it cannot be rendered within the limits. */
  render(page: FetchedTextPage, signal: AbortSignal): Promise<FetchedTextPage>;
  close(): Promise<void>;
}

const CHROMIUM_CANDIDATES = [
  "/usr/lib/chromium/chromium",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
];

/** The Chromium to render with: `LINKLENS_CHROMIUM`, else the usual system paths; undefined when none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.LINKLENS_CHROMIUM) return existsSync(env.LINKLENS_CHROMIUM) ? env.LINKLENS_CHROMIUM : undefined;
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path));
}

const POPUP_REFUSED = "linklens: popup refused";
/** How Chromium words a refused `file:` or `data:` load in the console: "… local resource: file:///…". */
const LOCAL_RESOURCE_REFUSAL = /((?:file|data|filesystem):[^\s"'.]*(?:\.[^\s"'.]+)*)/i;
const SKIPPED_RESOURCES = new Set(["image", "media", "font"]);
/** Navigations of the main frame (redirects and script-driven ones) one render may make. */
const MAX_NAVIGATIONS = 5;
/** Bytes of subresources one render may load. */
const MAX_RENDER_BYTES = 10 * 1024 * 1024;
/** How long the page may keep loading after its `load` event. */
const SETTLE_MS = 2_000;

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const concurrency = options.concurrency ?? 2;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const idleMs = options.idleMs ?? 30_000;
  let browser: Promise<Browser> | undefined;
  let active = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const waiting: (() => void)[] = [];

  // playwright-core is loaded on the first render: it is about 70 MB of an idle service's resident memory
  const launch = async () =>
    (await import("playwright-core")).chromium.launch({
      executablePath: options.executablePath,
      headless: true,
      args: [
        `--js-flags=--max-old-space-size=${options.heapMb ?? 128}`,
        // Chromium resolves no name and dials no address itself: every request is answered by the route.
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--proxy-server=socks5://0.0.0.0:9",
        "--proxy-bypass-list=<-loopback>",
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
        "--disable-background-networking",
        "--disable-component-update",
        "--dns-prefetch-disable",
        "--no-pings",
        "--disable-dev-shm-usage",
        "--renderer-process-limit=4",
      ],
    });

  async function browserOf(): Promise<Browser> {
    browser ??= launch().then((launched) => {
      launched.on("disconnected", () => {
        browser = undefined;
      });
      return launched;
    });
    try {
      return await browser;
    } catch (error) {
      browser = undefined;
      throw new PageFailure("page_too_complex", `the browser could not start: ${(error as Error).message}`);
    }
  }

  async function acquire(signal: AbortSignal): Promise<void> {
    clearTimeout(idleTimer);
    if (active < concurrency) {
      active++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener("abort", giveUp);
        resolve();
      };
      const giveUp = () => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(signal.reason);
      };
      waiting.push(turn);
      signal.addEventListener("abort", giveUp, { once: true });
    });
  }

  function release(): void {
    const next = waiting.shift();
    if (next) {
      next();
      return;
    }
    active--;
    if (active === 0) {
      idleTimer = setTimeout(() => void closeBrowser(), idleMs);
      idleTimer.unref();
    }
  }

  async function closeBrowser(): Promise<void> {
    const running = browser;
    browser = undefined;
    await (await running?.catch(() => undefined))?.close().catch(() => {});
  }

  async function render(page: FetchedTextPage, signal: AbortSignal): Promise<FetchedTextPage> {
    await acquire(signal);
    try {
      const launched = await browserOf();
      const context = await launched.newContext({
        acceptDownloads: false,
        serviceWorkers: "block",
        javaScriptEnabled: true,
        bypassCSP: false,
      });
      try {
        return await renderIn(context, page, signal);
      } finally {
        await context.close().catch(() => {});
      }
    } finally {
      release();
    }
  }

  async function renderIn(
    context: BrowserContext,
    page: FetchedTextPage,
    signal: AbortSignal,
  ): Promise<FetchedTextPage> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const renderSignal = AbortSignal.any([signal, timeout]);
    const state = { navigations: 0, bytes: 0, stopped: undefined as PageFailure | undefined };
    const log = (line: string) => options.log(`render ${page.url}: ${line}`);

    await context.routeWebSocket(/.*/, (socket) => {
      log(`blocked a WebSocket to ${socket.url()}`);
      return socket.close({ code: 1008, reason: "not allowed" });
    });
    await context.route("**/*", (route) =>
      answer(route, page, state, renderSignal, log).catch(() =>
        route.abort("blockedbyclient").catch(() => {}),
      ),
    );
    // A popup is refused before it exists: twenty of them held a page past its time limit.
    await context.addInitScript(
      `window.open = function () { console.warn(${JSON.stringify(POPUP_REFUSED)}); return null; };`,
    );
    const tab = await context.newPage();
    context.on("page", (popup) => {
      if (popup === tab) return;
      log("closed a popup");
      void popup.close().catch(() => {});
    });
    // Chromium refuses file: (and top-level data:) itself, before any route sees the request; its refusal
    // is reported only to the page's console, so that is where the log learns of it.
    tab.on("console", (message) => {
      if (message.text() === POPUP_REFUSED) return log("blocked a popup");
      const refused = LOCAL_RESOURCE_REFUSAL.exec(message.text());
      if (message.type() === "error" && refused)
        log(`blocked ${refused[1]}: Chromium refuses local resources`);
    });
    tab.on("download", (download) => {
      log("refused a download");
      void download.cancel().catch(() => {});
    });
    const crashed = new Promise<never>((_, reject) =>
      tab.once("crash", () =>
        reject(new PageFailure("page_too_complex", `${page.url} used more memory than rendering allows`)),
      ),
    );
    crashed.catch(() => {});
    const aborted = new Promise<never>((_, reject) => {
      const stop = () => reject(state.stopped ?? timedOut(page.url, timeout, timeoutMs));
      if (renderSignal.aborted) stop();
      renderSignal.addEventListener("abort", stop, { once: true });
    });
    aborted.catch(() => {});

    const html = await Promise.race([
      crashed,
      aborted,
      (async () => {
        await tab.goto(page.url, { waitUntil: "load", timeout: timeoutMs });
        await tab.waitForLoadState("networkidle", { timeout: SETTLE_MS }).catch(() => {});
        if (state.stopped) throw state.stopped;
        return tab.content();
      })().catch((error: unknown) => {
        throw state.stopped ?? (renderSignal.aborted ? timedOut(page.url, timeout, timeoutMs) : error);
      }),
    ]).catch((error: unknown) => {
      if (error instanceof PageFailure) throw error;
      throw new PageFailure(
        "page_too_complex",
        `${page.url} could not be rendered: ${(error as Error).message}`,
      );
    });
    return {
      url: tab.url().startsWith("https://") ? tab.url() : page.url,
      contentType: "text/html",
      body: html,
    };
  }

  /** Every request of the page: the page itself from what was fetched, the rest through the guard. */
  async function answer(
    route: Route,
    page: FetchedTextPage,
    state: { navigations: number; bytes: number; stopped: PageFailure | undefined },
    signal: AbortSignal,
    log: (line: string) => void,
  ): Promise<void> {
    const request = route.request();
    const url = request.url();
    const frame = request.isNavigationRequest() ? frameOf(request) : undefined;
    if (frame === null) {
      // A navigation without a frame yet is a popup's first load: it never gets one.
      log(`blocked a popup to ${url.slice(0, 200)}`);
      return route.abort("blockedbyclient");
    }
    const navigation = frame !== undefined && frame.parentFrame() === null;
    if (navigation && ++state.navigations > MAX_NAVIGATIONS) {
      state.stopped ??= new PageFailure(
        "too_many_redirects",
        `${page.url} navigated more than ${MAX_NAVIGATIONS} times while rendering`,
      );
      log(`stopped navigating to ${url}: more than ${MAX_NAVIGATIONS} navigations`);
      return route.abort("blockedbyclient");
    }
    if (navigation && state.navigations === 1 && url === page.url) {
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: page.body });
    }
    if (SKIPPED_RESOURCES.has(request.resourceType())) return route.abort("blockedbyclient");
    if (!url.startsWith("https://")) {
      log(`blocked ${url.slice(0, 200)}: only https:// is loaded`);
      return route.abort("blockedbyclient");
    }
    try {
      const fetched = await options.fetchResource(
        url,
        {
          method: request.method(),
          headers: await request.allHeaders(),
          body: request.postDataBuffer() ?? undefined,
        },
        signal,
      );
      state.bytes += fetched.body.length;
      if (state.bytes > MAX_RENDER_BYTES) {
        log(`stopped loading ${url}: the page loaded more than ${MAX_RENDER_BYTES / 1024 / 1024} MiB`);
        return route.abort("blockedbyclient");
      }
      return route.fulfill({ status: fetched.status, headers: fetched.headers, body: fetched.body });
    } catch (error) {
      log(`blocked ${url.slice(0, 200)}: ${error instanceof Error ? error.message : String(error)}`);
      return route.abort("blockedbyclient").catch(() => {});
    }
  }

  return {
    render,
    async close() {
      clearTimeout(idleTimer);
      await closeBrowser();
    },
  };
}

/** The frame a navigation request loads in; null for a popup's first navigation, which has none yet. */
function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null;
  }
}

function timedOut(url: string, timeout: AbortSignal, timeoutMs: number): PageFailure {
  return new PageFailure(
    "page_too_complex",
    timeout.aborted
      ? `${url} did not finish rendering within ${timeoutMs / 1000} s`
      : `the rendering of ${url} was cancelled`,
  );
}
