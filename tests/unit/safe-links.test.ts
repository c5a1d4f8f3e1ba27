/**
 * Every URL the pages render as a link or an image comes from a record (the service's answer, an
 * import): each one goes through `safeHref`, so a `javascript:` or `data:` URL in a record is never an
 * `href` or a `src`, while the record's https URLs still are.
 */
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { AnalysisCard } from "../../components/popup/analysis-card";
import { DetailHeader, RecordFacts } from "../../components/sidepanel/analysis-detail";
import { ImageGallery } from "../../components/sidepanel/image-gallery";
import { LibraryRow } from "../../components/sidepanel/library-row";
import { RelatedList } from "../../components/sidepanel/related-list";
import { UsageLinks } from "../../components/sidepanel/usage-list";
import type { AnalysisObject } from "../../lib/api/contract";
import type { CachedAnalysis } from "../../lib/db/schema";
import { toLibraryEntry } from "../../lib/library/record-entry";
import { useEnglishMessages } from "./helpers/english-messages";

const SCRIPT_URL = "javascript:alert(document.domain)";
const DATA_IMAGE = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>";
const DATA_PAGE = "data:text/html,<script>alert(1)</script>";

const EVIL: AnalysisObject = {
  title: "A page with hostile links",
  url: SCRIPT_URL,
  favicon: DATA_IMAGE,
  image: " JavaScript:alert(1)",
  extras: { imageLinks: [SCRIPT_URL, DATA_IMAGE, "https://good.example/a.png", DATA_PAGE] },
};
const GOOD: AnalysisObject = {
  title: "A good page",
  url: "https://good.example/post",
  favicon: "https://good.example/favicon.ico",
  image: "https://good.example/lead.png",
};

function cached(analysis: AnalysisObject, analysisId = "an_1"): CachedAnalysis {
  return {
    analysisId,
    createdAt: "2024-05-01T10:00:00.000Z",
    updatedAt: "2024-05-01T10:00:00.000Z",
    analysis,
    textContent: "Some text.",
    pageUrl: "",
    pageId: "",
    host: "",
    cachedAt: 0,
  };
}

function render<P extends object>(component: FunctionComponent<P>, props: P): string {
  return renderToStaticMarkup(createElement(component, props));
}

/** The distinct `href` and `src` values of the markup, sorted (React may add a preload link for an image). */
function urlAttributes(markup: string): string[] {
  const values = Array.from(markup.matchAll(/\s(?:href|src)="([^"]*)"/g), (match) => match[1] as string);
  return [...new Set(values)].sort();
}

function expectOnlyWebUrls(markup: string): void {
  for (const url of urlAttributes(markup)) expect(url).toMatch(/^https:\/\//);
}

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
});

describe("URLs from records, rendered as links and images", () => {
  it("the detail view's title link and favicon", () => {
    const evil = render(DetailHeader, { analysis: EVIL, title: "Hostile" });
    expect(urlAttributes(evil)).toEqual([]);
    expect(evil).toContain("Hostile");

    const good = render(DetailHeader, { analysis: GOOD, title: "Good" });
    expect(urlAttributes(good)).toEqual(["https://good.example/favicon.ico", "https://good.example/post"]);
  });

  it("the detail view's lead image", () => {
    expect(urlAttributes(render(RecordFacts, { record: cached(EVIL) }))).toEqual([]);
    expect(urlAttributes(render(RecordFacts, { record: cached(GOOD) }))).toEqual([
      "https://good.example/lead.png",
    ]);
  });

  it("the image gallery keeps only the images with a web address", () => {
    const markup = render(ImageGallery, { links: EVIL.extras?.imageLinks ?? [] });
    expect(urlAttributes(markup)).toEqual(["https://good.example/a.png"]);
    // Shown (and counted) once an image loads: hidden until then.
    expect(markup).toMatch(/<section[^>]* hidden=""/);
    expect(render(ImageGallery, { links: [SCRIPT_URL, DATA_IMAGE] })).toBe("");
  });

  it("the library row's favicon", () => {
    const props = { grouped: false, index: 0, onOpen: () => {} };
    expect(urlAttributes(render(LibraryRow, { ...props, entry: toLibraryEntry(cached(EVIL)) }))).toEqual([]);
    expect(urlAttributes(render(LibraryRow, { ...props, entry: toLibraryEntry(cached(GOOD)) }))).toEqual([
      "https://good.example/favicon.ico",
    ]);
  });

  it("the usage list's links: an unsafe one stays as text", () => {
    const markup = render(UsageLinks, {
      links: [SCRIPT_URL, "https://good.example/post"],
      titles: new Map(),
    });
    expect(urlAttributes(markup)).toEqual(["https://good.example/post"]);
    expect(markup).toContain(SCRIPT_URL);
  });

  it("the popup's analysis card", () => {
    expectOnlyWebUrls(render(AnalysisCard, { record: cached(EVIL) }));
    expect(urlAttributes(render(AnalysisCard, { record: cached(GOOD) }))).toEqual([
      "https://good.example/favicon.ico",
      "https://good.example/lead.png",
      "https://good.example/post",
    ]);
  });

  it("the related list shows a record's URL as text, never as a link", () => {
    const markup = render(RelatedList, {
      records: [cached(EVIL, "an_evil"), cached(GOOD, "an_good")],
      page: 1,
      onOpen: () => {},
    });
    expect(urlAttributes(markup)).toEqual([]);
  });
});
