/**
 * Fetches one page for analysis: https at every hop, bounded in hops, time and size, HTML, plain text or
 * PDF only, never to a non-public address (unless private networks are allowed). Every failure is a
 * `PageFailure` with a readable message.
 */
import { STATUS_CODES } from "node:http";
import { isIP } from "node:net";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { createSecureContext, rootCertificates } from "node:tls";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { Agent, request } from "undici";
import { BlockedAddressError, classifyAddress, publicOnlyLookup } from "./address-guard";
import { type FetchedHtmlText, inspectFetchedHtml } from "./app-shell";
import { decodeBody } from "./decode-body";
import {
  createPageRenderer,
  type FetchedResource,
  type FetchResource,
  findChromium,
  type PageRenderer,
  type RenderPolicy,
} from "./render-page";
import { type FetchedPage, type FetchedTextPage, PageFailure } from "./types";

export interface PageFetcherOptions {
  /** Allow loopback, private and other non-public addresses (local development and tests only). */
  allowPrivateNetworks: boolean;
  /** Extra PEM certificates trusted in addition to the system roots. */
  ca?: string;
  /** Whole-request time limit, redirects and body included. Default 15,000 ms. */
  timeoutMs?: number;
  /** Body cap after decompression. Default 5 MiB. */
  maxBytes?: number;
  /** Redirects followed at most. Default 5. */
  maxRedirects?: number;
  /**
   * Render pages built by JavaScript in Chromium: `auto` when a page looks like an app shell, `always`
   * every HTML page, `never` (the default here; the service's own default is `auto`). Without Chromium,
   * `auto` reads pages as fetched (said once) and `always` is refused. A page whose fetched HTML has text
   * of its own is read as fetched when its rendering fails; only a shell fails with its rendering.
   */
  render?: RenderPolicy;
  /** The Chromium to render with; default: `findChromium()`. */
  chromium?: string;
  /** Where render lines go (blocked requests, popups); default stderr. */
  log?: (line: string) => void;
}

export interface PageFetcher {
  fetchPage(url: string, signal?: AbortSignal): Promise<FetchedPage>;
  /** One request of a page being rendered, through the same guard and limits; redirects not followed. */
  fetchResource: FetchResource;
  /** Closes the pooled connections. */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const REQUEST_HEADERS = {
  "user-agent": "Mozilla/5.0 (compatible; Linklens/0.1; link analysis)",
  accept: "text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.1",
  "accept-encoding": "gzip, deflate, br",
};

const SUPPORTED_TYPES = "only HTML, plain-text and PDF pages can be analyzed";

const TLS_CERTIFICATE_ERROR =
  /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS_CERT_ALTNAME_INVALID|HOSTNAME_MISMATCH/;

export function createPageFetcher(options: PageFetcherOptions): PageFetcher {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const guardAddresses = !options.allowPrivateNetworks;

  // One context for every connection: given `ca`, each new connection would build its own, parsing some 150
  // root certificates: 19 ms of the request thread per connection, three quarters of it when every link
  // was a new connection (issue 45's profile).
  const secureContext = options.ca && createSecureContext({ ca: [...rootCertificates, options.ca] });
  const agent = new Agent({
    connect: {
      timeout: timeoutMs,
      ...(secureContext && { secureContext }),
      // The guard runs on every new connection, on the address actually dialled (no DNS rebinding).
      ...(guardAddresses && { lookup: publicOnlyLookup }),
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  const log = options.log ?? ((line: string) => console.error(line));
  const renderer = rendererFor(options, log, (url, init, signal) => fetchResource(url, init, signal));
  const policy = options.render ?? "never";

  async function fetchPage(link: string, signal?: AbortSignal): Promise<FetchedPage> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const progress = { current: link };
    try {
      const page = await followRedirects(link, combined, progress);
      if (!renderer || page.contentType !== "text/html") return page;
      const fetchedText = policy === "always" ? undefined : await inspectFetchedHtml(page.body);
      if (fetchedText && !fetchedText.appShell) return page;
      return await renderOrAsFetched(renderer, page, fetchedText, combined);
    } catch (error) {
      if (error instanceof PageFailure) throw error;
      if (timeout.aborted) {
        throw new PageFailure("timeout", `${link} did not answer within ${formatDuration(timeoutMs)}`);
      }
      if (signal?.aborted) throw new PageFailure("network_error", `the fetch of ${link} was cancelled`);
      throw connectionFailure(error, progress.current);
    }
  }

  /**
   * The page rendered; when the rendering fails (its time, its memory, the browser, its navigations), the
   * page as fetched if that has readable text: only a page without any (a real shell) fails with it.
   */
  async function renderOrAsFetched(
    renderer: PageRenderer,
    page: FetchedTextPage,
    fetchedText: FetchedHtmlText | undefined,
    signal: AbortSignal,
  ): Promise<FetchedTextPage> {
    try {
      return await renderer.render(page, signal);
    } catch (error) {
      // Under `always` the fetched text is counted only now: most renders succeed.
      if (!(fetchedText ?? (await inspectFetchedHtml(page.body))).readable) throw error;
      const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
      log(`render ${page.url}: ${reason}; read as fetched, which has text of its own`);
      return page;
    }
  }

  async function followRedirects(
    link: string,
    signal: AbortSignal,
    progress: { current: string },
  ): Promise<FetchedPage> {
    let url = parseHttpsUrl(link);
    for (let redirects = 0; ; redirects++) {
      progress.current = url.href;
      if (guardAddresses) assertPublicLiteral(url);
      const response = await request(url, {
        dispatcher: agent,
        method: "GET",
        headers: REQUEST_HEADERS,
        signal,
      });
      const { statusCode, headers, body } = response;

      if (REDIRECT_STATUSES.has(statusCode)) {
        await discard(body);
        const location = headerValue(headers.location);
        if (!location) {
          throw new PageFailure(
            "http_error",
            `${url.href} answered HTTP ${statusCode} without a Location header`,
          );
        }
        if (redirects >= maxRedirects) {
          throw new PageFailure("too_many_redirects", `${link} redirected more than ${maxRedirects} times`);
        }
        url = nextHop(url, location);
        continue;
      }
      if (statusCode < 200 || statusCode >= 300) {
        await discard(body);
        const reason = response.statusText || STATUS_CODES[statusCode] || "";
        throw new PageFailure("http_error", `${url.href} answered HTTP ${statusCode} ${reason}`.trim());
      }

      const contentTypeHeader = headerValue(headers["content-type"]);
      const declared = pageTypeOf(contentTypeHeader);
      if (declared === "unsupported") {
        abandon(body);
        throw new PageFailure(
          "unsupported_content_type",
          `${url.href} is ${mimeOf(contentTypeHeader)}; ${SUPPORTED_TYPES}`,
        );
      }
      const bytes = await readCapped(body, headers, maxBytes);
      const contentType = declared ?? sniffPageType(bytes, url);
      if (contentType === "application/pdf") return { url: url.href, contentType, body: bytes };
      return {
        url: url.href,
        contentType,
        body: decodeBody(bytes, contentTypeHeader, contentType === "text/html"),
      };
    }
  }

  async function fetchResource(
    link: string,
    init: { method: string; headers: Record<string, string>; body?: Buffer },
    signal: AbortSignal,
  ): Promise<FetchedResource> {
    const url = parseHttpsUrl(link);
    try {
      if (guardAddresses) assertPublicLiteral(url);
      const { statusCode, headers, body } = await request(url, {
        dispatcher: agent,
        method: init.method as "GET",
        headers: { ...forwardedHeaders(init.headers), ...REQUEST_HEADERS },
        body: init.body,
        signal,
      });
      const bytes = Buffer.from(await readCapped(body, headers, maxBytes));
      return { status: statusCode, headers: answeredHeaders(headers), body: bytes };
    } catch (error) {
      if (error instanceof PageFailure) throw error;
      throw connectionFailure(error, url.href);
    }
  }

  return {
    fetchPage,
    fetchResource,
    async close() {
      await renderer?.close();
      // Pages still loading are cut off: closing happens when the service stops.
      await agent.destroy();
    },
  };
}

function rendererFor(
  options: PageFetcherOptions,
  log: (line: string) => void,
  fetchResource: FetchResource,
): PageRenderer | undefined {
  if (!options.render || options.render === "never") return undefined;
  // `chromium: ""` stands for a machine without one (tests of the fallback).
  const executablePath = options.chromium === undefined ? findChromium() : options.chromium || undefined;
  if (!executablePath) {
    if (options.render === "always") throw new Error("--render always needs Chromium, and none was found");
    log("render: no Chromium found (set LINKLENS_CHROMIUM); pages are read as fetched, without rendering");
    return undefined;
  }
  return createPageRenderer({ executablePath, fetchResource, log });
}

/** What a rendering page's request may tell the site: no cookies of ours, no hop-by-hop headers. */
const FORWARDED_REQUEST_HEADERS = new Set(["accept-language", "content-type", "referer", "origin", "cookie"]);
const DROPPED_RESPONSE_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
]);

function forwardedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => FORWARDED_REQUEST_HEADERS.has(name)));
}

function answeredHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const answered: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    answered[name] = Array.isArray(value) ? value.join(name === "set-cookie" ? "\n" : ", ") : value;
  }
  return answered;
}

function parseHttpsUrl(link: string): URL {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new PageFailure("network_error", `${link} is not an absolute URL`);
  }
  if (url.protocol !== "https:")
    throw new PageFailure("network_error", `only https:// pages are fetched, not ${link}`);
  return url;
}

function nextHop(from: URL, location: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new PageFailure("http_error", `${from.href} redirected to an invalid address (${location})`);
  }
  if (next.protocol !== "https:") {
    const article = next.protocol === "http:" ? "an" : "a";
    throw new PageFailure(
      "insecure_redirect",
      `${from.href} redirected to ${article} ${next.protocol}// address (${next.href}); only https is followed`,
    );
  }
  return next;
}

/** Node skips `lookup` for IP literals, so those are checked before connecting. */
function assertPublicLiteral(url: URL): void {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) && classifyAddress(host) !== "public") {
    throw new PageFailure("blocked_address", new BlockedAddressError(host, host).message);
  }
}

type PageType = FetchedPage["contentType"];

function mimeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The page type a Content-Type declares; `undefined` when none is declared (the body decides). */
function pageTypeOf(contentType: string | undefined): PageType | "unsupported" | undefined {
  const mime = mimeOf(contentType);
  if (mime === "") return undefined;
  if (mime === "text/html" || mime === "application/xhtml+xml") return "text/html";
  if (mime === "text/plain") return "text/plain";
  if (mime === "application/pdf" || mime === "application/x-pdf") return "application/pdf";
  return "unsupported";
}

/** The type of an undeclared body: HTML by its first tag, PDF by its `%PDF-` header (as browsers sniff). */
function sniffPageType(bytes: Uint8Array, url: URL): PageType {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString("latin1");
  if (/^\s*(\uFEFF|\xEF\xBB\xBF)?\s*<(!doctype\s+html|html|head|body)\b/i.test(head)) return "text/html";
  if (head.startsWith("%PDF-")) return "application/pdf";
  throw new PageFailure(
    "unsupported_content_type",
    `${url.href} has no Content-Type and does not look like HTML or PDF; ${SUPPORTED_TYPES}`,
  );
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Reads and drops a small body (a redirect's, an error page's) so the connection can be reused. */
async function discard(body: Readable & { dump(): Promise<void> }): Promise<void> {
  try {
    await body.dump();
  } catch {
    // that body does not matter
  }
}

/** Stops reading a body; the connection is closed. */
function abandon(body: Readable): void {
  // Destroying an undici body emits an abort error nobody else listens to.
  body.on("error", () => {});
  body.destroy();
}

function decompressorFor(encoding: string | undefined): NodeJS.ReadWriteStream | undefined {
  switch ((encoding ?? "identity").trim().toLowerCase()) {
    case "identity":
    case "":
      return undefined;
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      throw new PageFailure(
        "unsupported_content_type",
        `the page uses an unsupported content encoding (${encoding})`,
      );
  }
}

/** Reads the body, decompressed, and stops as soon as it passes `maxBytes`. */
async function readCapped(
  body: Readable,
  headers: Record<string, string | string[] | undefined>,
  maxBytes: number,
): Promise<Uint8Array> {
  const tooLarge = () => new PageFailure("too_large", `the page is larger than ${formatBytes(maxBytes)}`);
  const encoding = headerValue(headers["content-encoding"]);
  const declaredLength = Number(headerValue(headers["content-length"]));
  if (!encoding && declaredLength > maxBytes) {
    abandon(body);
    throw tooLarge();
  }
  let decompressor: NodeJS.ReadWriteStream | undefined;
  try {
    decompressor = decompressorFor(encoding);
  } catch (error) {
    abandon(body);
    throw error;
  }
  const source = decompressor ? (pipeline(body, decompressor, () => {}) as unknown as Readable) : body;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      abandon(source);
      abandon(body);
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, total);
}

function connectionFailure(error: unknown, url: string): PageFailure {
  const blocked = findInCauses(error, (cause) => cause instanceof BlockedAddressError);
  if (blocked) return new PageFailure("blocked_address", (blocked as Error).message);

  const host = hostOf(url);
  const coded = findInCauses(error, (cause) => typeof (cause as { code?: unknown }).code === "string") as
    | (Error & { code: string })
    | undefined;
  const code = coded?.code ?? "";
  const detail = coded?.message ?? (error instanceof Error ? error.message : String(error));
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new PageFailure("network_error", `could not resolve the host name ${host}`);
  }
  if (code === "ECONNREFUSED") return new PageFailure("network_error", `${host} refused the connection`);
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") {
    return new PageFailure("network_error", `the connection to ${host} was closed unexpectedly`);
  }
  if (code === "UND_ERR_CONNECT_TIMEOUT") {
    return new PageFailure("network_error", `could not connect to ${host} in time`);
  }
  if (TLS_CERTIFICATE_ERROR.test(code)) {
    return new PageFailure("network_error", `the TLS certificate of ${host} is not trusted (${detail})`);
  }
  return new PageFailure("network_error", `could not fetch ${url}: ${detail}`);
}

function findInCauses(error: unknown, test: (cause: object) => boolean): object | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    if (test(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  if (Number.isInteger(mib)) return `${mib} MiB`;
  const kib = bytes / 1024;
  return Number.isInteger(kib) ? `${kib} KiB` : `${bytes} bytes`;
}

function formatDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
