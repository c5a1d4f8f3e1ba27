import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPageFetcher, type PageFetcher } from "../../server/pages/fetch-page";
import { PageFailure } from "../../server/pages/types";
import { lateTextPage, startFixtureSite } from "../fixtures/site";
import { fixtureSitePerFile } from "./helpers/fixture-site";

const env = fixtureSitePerFile();
/** Private networks allowed and the site's CA trusted: the fetcher tests run with. */
let fetcher: PageFetcher;
const extraFetchers: PageFetcher[] = [];

function otherFetcher(options: Parameters<typeof createPageFetcher>[0]): PageFetcher {
  const created = createPageFetcher(options);
  extraFetchers.push(created);
  return created;
}

async function failureOf(promise: Promise<unknown>): Promise<PageFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PageFailure) return error;
    throw error;
  }
  throw new Error("expected the fetch to fail");
}

beforeAll(async () => {
  fetcher = createPageFetcher({ allowPrivateNetworks: true, ca: env.site.caPem, timeoutMs: 5_000 });
});

afterAll(async () => {
  await fetcher?.close();
  await Promise.all(extraFetchers.map((created) => created.close()));
});

describe("fetchPage: pages", () => {
  it("fetches an HTML page over https with the CA trusted", async () => {
    const page = await fetcher.fetchPage(env.site.url("/news/article.html"));
    expect(page.url).toBe(env.site.url("/news/article.html"));
    expect(page.contentType).toBe("text/html");
    expect(page.body).toContain("The Riverside tram line carried its first passengers");
  });

  it("fetches a plain-text page", async () => {
    const page = await fetcher.fetchPage(env.site.url("/text/notes.txt"));
    expect(page.contentType).toBe("text/plain");
    expect(page.body).toMatch(/^Observing log: the Perseid meteor shower/);
  });

  it("decodes a body with the charset of the Content-Type header", async () => {
    const page = await fetcher.fetchPage(env.site.url("/charset/latin1.html"));
    expect(page.body).toContain("Kaffeehäuser in Wien");
    expect(page.body).toContain("»Einspänner«");
    expect(page.body).not.toContain("\uFFFD");
  });

  it("decodes a body with the charset of <meta charset> when the header has none", async () => {
    const page = await fetcher.fetchPage(env.site.url("/charset/meta-latin1.html"));
    expect(page.body).toContain("Übrigens: Trinkgeld");
    expect(page.body).not.toContain("\uFFFD");
  });

  it("decompresses a gzip body", async () => {
    const page = await fetcher.fetchPage(env.site.url("/compressed/article.html"));
    expect(page.body).toContain("Weaver Bridge");
  });

  it("takes a page without a Content-Type that looks like HTML as HTML", async () => {
    const page = await fetcher.fetchPage(env.site.url("/untyped.html"));
    expect(page.contentType).toBe("text/html");
  });

  it("handles many pages at once", async () => {
    const pages = await Promise.all(
      Array.from({ length: 25 }, (_, index) => fetcher.fetchPage(env.site.url(`/many/${index + 1}.html`))),
    );
    expect(new Set(pages.map((page) => page.body)).size).toBe(25);
  });
});

describe("fetchPage: redirects", () => {
  it("follows a relative redirect and reports the final URL", async () => {
    const page = await fetcher.fetchPage(env.site.url("/redirect/ok"));
    expect(page.url).toBe(env.site.url("/blog/post.html"));
    expect(page.body).toContain("Why my sourdough finally rises");
  });

  it("follows 5 redirects", async () => {
    const page = await fetcher.fetchPage(env.site.url("/redirect/chain?n=5"));
    expect(page.url).toBe(env.site.url("/redirect/chain?n=0"));
  });

  it("refuses a sixth redirect", async () => {
    const failure = await failureOf(fetcher.fetchPage(env.site.url("/redirect/chain?n=6")));
    expect(failure.code).toBe("too_many_redirects");
    expect(failure.message).toBe(`${env.site.url("/redirect/chain?n=6")} redirected more than 5 times`);
  });

  it("refuses a redirect to http://", async () => {
    const failure = await failureOf(fetcher.fetchPage(env.site.url("/redirect/to-http")));
    expect(failure.code).toBe("insecure_redirect");
    expect(failure.message).toContain(
      `${env.site.url("/redirect/to-http")} redirected to an http:// address`,
    );
  });
});

describe("fetchPage: limits", () => {
  it("stops reading a streamed body over 5 MiB", async () => {
    const failure = await failureOf(fetcher.fetchPage(env.site.url("/big.html")));
    expect(failure.code).toBe("too_large");
    expect(failure.message).toBe("the page is larger than 5 MiB");
  });

  it("refuses a body whose Content-Length is over the cap without reading it", async () => {
    const failure = await failureOf(fetcher.fetchPage(env.site.url("/big.html?declared=1")));
    expect(failure.code).toBe("too_large");
  });

  it("applies a smaller cap when configured", async () => {
    const small = otherFetcher({ allowPrivateNetworks: true, ca: env.site.caPem, maxBytes: 64 * 1024 });
    expect((await small.fetchPage(env.site.url("/blog/post.html"))).body).toContain("sourdough");
    const failure = await failureOf(small.fetchPage(env.site.url("/big.html")));
    expect(failure.message).toBe("the page is larger than 64 KiB");
  });

  it("fetches a PDF as its bytes", async () => {
    const page = await fetcher.fetchPage(env.site.url("/pdf/report.pdf"));
    expect(page.contentType).toBe("application/pdf");
    expect(page.body).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(page.body).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("takes a body without a Content-Type that starts like a PDF as a PDF", async () => {
    const page = await fetcher.fetchPage(env.site.url("/pdf/untyped"));
    expect(page.contentType).toBe("application/pdf");
  });

  it("refuses a type other than HTML, plain text and PDF", async () => {
    const failure = await failureOf(fetcher.fetchPage(env.site.url("/archive.zip")));
    expect(failure.code).toBe("unsupported_content_type");
    expect(failure.message).toContain("application/zip");
  });

  it("reports an HTTP error status", async () => {
    const failure = await failureOf(fetcher.fetchPage(env.site.url("/status/404")));
    expect(failure.code).toBe("http_error");
    expect(failure.message).toBe(`${env.site.url("/status/404")} answered HTTP 404 Not Found`);
    const serverError = await failureOf(fetcher.fetchPage(env.site.url("/status/503")));
    expect(serverError.message).toContain("503");
  });

  it("times out a page that does not answer in time", async () => {
    const quick = otherFetcher({ allowPrivateNetworks: true, ca: env.site.caPem, timeoutMs: 300 });
    // The page answers after 10 s: a fetch that waited for it would not fail as a timeout.
    const failure = await failureOf(quick.fetchPage(env.site.url("/slow?ms=10000")));
    expect(failure.code).toBe("timeout");
    expect(failure.message).toBe(`${env.site.url("/slow?ms=10000")} did not answer within 300 ms`);
  });

  it("answers a slow page that makes it within the time limit", async () => {
    const page = await fetcher.fetchPage(env.site.url("/slow?ms=50"));
    expect(page.body).toContain("A slow page");
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = fetcher.fetchPage(env.site.url("/slow?ms=10000"), controller.signal);
    setTimeout(() => controller.abort(), 50);
    const failure = await failureOf(pending);
    expect(failure.code).toBe("network_error");
    expect(failure.message).toContain("cancelled");
  });

  it("refuses a link that is not https", async () => {
    const failure = await failureOf(fetcher.fetchPage(`http://localhost:${env.site.port}/blog/post.html`));
    expect(failure.code).toBe("network_error");
  });
});

describe("fetchPage: address guard and TLS", () => {
  it("refuses localhost when private networks are not allowed", async () => {
    const guarded = otherFetcher({ allowPrivateNetworks: false, ca: env.site.caPem });
    const failure = await failureOf(guarded.fetchPage(env.site.url("/news/article.html")));
    expect(failure.code).toBe("blocked_address");
    expect(failure.message).toMatch(/^localhost resolves to an address that is not public/);
  });

  it("refuses IP literals in non-public ranges before connecting", async () => {
    const guarded = otherFetcher({ allowPrivateNetworks: false, ca: env.site.caPem });
    for (const host of ["127.0.0.1", "[::1]", "[::ffff:127.0.0.1]", "10.0.0.1", "169.254.169.254"]) {
      const failure = await failureOf(
        guarded.fetchPage(`https://${host}:${env.site.port}/news/article.html`),
      );
      expect(failure.code, host).toBe("blocked_address");
    }
  });

  it("fetches 127.0.0.1 when private networks are allowed (the certificate names it)", async () => {
    const page = await fetcher.fetchPage(`https://127.0.0.1:${env.site.port}/blog/post.html`);
    expect(page.body).toContain("sourdough");
  });

  it("fails with a certificate message when the site's CA is not trusted", async () => {
    const untrusting = otherFetcher({ allowPrivateNetworks: true });
    const failure = await failureOf(untrusting.fetchPage(env.site.url("/news/article.html")));
    expect(failure.code).toBe("network_error");
    expect(failure.message).toMatch(/certificate/i);
  });

  it("reports a host name that does not resolve", async () => {
    const failure = await failureOf(fetcher.fetchPage("https://no-such-host.invalid/page.html"));
    expect(failure.code).toBe("network_error");
    expect(failure.message).toBe("could not resolve the host name no-such-host.invalid");
  });

  it("reports a refused connection", async () => {
    const closed = await startFixtureSite();
    const port = closed.port;
    await closed.close();
    const failure = await failureOf(fetcher.fetchPage(`https://localhost:${port}/`));
    expect(failure.code).toBe("network_error");
    expect(failure.message).toBe(`localhost:${port} refused the connection`);
  });
});

// A browser that cannot start fails every render: what a failed render leaves is the fetcher's to decide.
describe("fetchPage: a page's own text outlasts a failed render", () => {
  const lines: string[] = [];
  const failingRenderer = (render: "auto" | "always") =>
    otherFetcher({
      allowPrivateNetworks: true,
      ca: env.site.caPem,
      render,
      chromium: "/nowhere/chromium",
      log: (line) => lines.push(line),
    });

  beforeEach(() => {
    lines.length = 0;
  });

  it("reads a server-rendered page whose text starts after 600 KiB of inline script as fetched", async () => {
    const page = await failingRenderer("auto").fetchPage(env.site.url("/render/late-text.html"));
    expect(page.body).toBe(lateTextPage());
    expect(lateTextPage().indexOf("<main")).toBeGreaterThan(600 * 1024);
    // No render was tried: it would have failed and said so.
    expect(lines).toEqual([]);
  });

  it("reads a page with readable text as fetched when its render fails, and says why", async () => {
    const url = env.site.url("/render/stuck-article.html");
    const page = await failingRenderer("auto").fetchPage(url);
    expect(page.body).toContain("A pair of kingfishers has nested");
    expect(page.body).toContain("for (;;) {}");
    expect(lines).toHaveLength(1);
    expect(lines[0]?.startsWith(`render ${url}: the browser could not start: `)).toBe(true);
    expect(lines[0]?.endsWith("; read as fetched, which has text of its own")).toBe(true);
  });

  it("reads a page with readable text as fetched under --render always too", async () => {
    const page = await failingRenderer("always").fetchPage(env.site.url("/news/article.html"));
    expect(page.body).toContain("The Riverside tram line carried its first passengers");
    expect(lines).toEqual([expect.stringMatching(/could not start.*; read as fetched/s)]);
  });

  it("fails a real shell (no readable text) with the render's code", async () => {
    const failure = await failureOf(
      failingRenderer("auto").fetchPage(env.site.url("/render/client-rendered.html")),
    );
    expect(failure.code).toBe("page_too_complex");
    expect(failure.message).toMatch(/^the browser could not start/);
    expect(lines).toEqual([]);
  });
});
