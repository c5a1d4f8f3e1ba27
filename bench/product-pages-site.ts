/**
 * A benchmark's stored pages (the product benchmark's, or any with an id, the address they were fetched
 * from and their HTML) on a local HTTPS site, for the service to fetch as it fetches any page:
 * `https://localhost:PORT/p/<id>/<the original path and query>` answers the page's HTML (the original path
 * stays in the address, as a shop's address often carries the product's id). The certificate is
 * self-signed and written to `caFile`, for the service's `--ca`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { selfSignedCertificate } from "../tests/fixtures/site";

export interface SitePage {
  /** Unique among the pages. */
  id: string;
  /** Where the page was fetched from: its path and query are kept. */
  url: string;
  /** Served as UTF-8. */
  html: string;
}

export interface ProductPagesSite {
  /** The site's certificate (PEM), to pass as the service's `--ca`. */
  caFile: string;
  /** The address the page is served at. */
  linkOf(page: SitePage): string;
  close(): Promise<void>;
}

const PAGE_PATH = /^\/p\/([^/]+)(?:\/|$)/;

export async function startProductPagesSite(pages: readonly SitePage[]): Promise<ProductPagesSite> {
  const { key, cert } = await selfSignedCertificate();
  const dir = mkdtempSync(join(tmpdir(), "linklens-product-pages-"));
  const caFile = join(dir, "ca.pem");
  writeFileSync(caFile, cert);
  const byId = new Map(pages.map((page) => [page.id, Buffer.from(page.html, "utf8")]));
  const server: Server = createServer({ key, cert }, (request, response) => {
    const id = PAGE_PATH.exec(new URL(request.url ?? "/", "https://localhost").pathname)?.[1];
    const body = id === undefined ? undefined : byId.get(decodeURIComponent(id));
    if (body === undefined || request.method !== "GET") {
      response
        .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
        .end("not a page of the benchmark");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  return {
    caFile,
    linkOf(page) {
      const original = new URL(page.url);
      return new URL(`/p/${encodeURIComponent(page.id)}${original.pathname}${original.search}`, origin).href;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
