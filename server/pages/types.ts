import type { AnalysisObject } from "../../lib/api/contract";
import type { PageStatements } from "./statements/page-statements";

/** An HTML or plain-text page as the fetcher hands it over: final URL after redirects, decoded body. */
export interface FetchedTextPage {
  /** Final URL after redirects. */
  url: string;
  contentType: "text/html" | "text/plain";
  body: string;
}

/** A PDF as the fetcher hands it over: final URL after redirects, the file's bytes. */
export interface FetchedPdf {
  /** Final URL after redirects. */
  url: string;
  contentType: "application/pdf";
  body: Uint8Array;
}

export type FetchedPage = FetchedTextPage | FetchedPdf;

/** Everything the server knows about a page after extraction; `analysis` lacks only the prompt's `score`. */
export interface ExtractedPage {
  analysis: Omit<AnalysisObject, "score"> & {
    title: string;
    url: string;
    id: string;
    text: string;
    favicon: string;
    extras: { imageLinks: string[] };
  };
  /** Meta description or first paragraph; "" when none. */
  description: string;
  /** `<html lang>` or `og:locale`, lower-case primary tag ("en", "fr"); undefined when unknown. */
  language?: string;
  /** `meta keywords`, `article:tag`, JSON-LD keywords; de-duplicated. */
  keywords: string[];
  /** `og:site_name` or the host. */
  siteName: string;
  /** What the page states about what it is about (structured data first): see statements/. */
  statements: PageStatements;
}

export type PageFailureCode =
  | "blocked_address"
  | "insecure_redirect"
  | "too_many_redirects"
  | "timeout"
  | "too_large"
  | "unsupported_content_type"
  | "http_error"
  | "network_error"
  | "generation_failed"
  /** Past a limit of the page's work: size, nesting, element count, time or memory. */
  | "page_too_complex"
  /** No bytes, only whitespace, or no text after extraction. */
  | "empty_page"
  /** The generator could not satisfy the response schema within its bounds. */
  | "schema_unsatisfiable"
  /** A PDF without a text layer. */
  | "no_text";

/** A per-link failure: the link is reported in `failures`, never a 500. */
export class PageFailure extends Error {
  constructor(
    readonly code: PageFailureCode,
    message: string,
  ) {
    super(message);
    this.name = "PageFailure";
  }
}
