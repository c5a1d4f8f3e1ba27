import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractPage, pageIdOf } from "../../server/pages/extract-page";
import { createPageFetcher, type PageFetcher } from "../../server/pages/fetch-page";
import type { ExtractedPage, FetchedTextPage } from "../../server/pages/types";
import { fixtureSitePerFile } from "./helpers/fixture-site";

const env = fixtureSitePerFile();
let fetcher: PageFetcher;

beforeAll(async () => {
  fetcher = createPageFetcher({ allowPrivateNetworks: true, ca: env.site.caPem });
});

afterAll(async () => {
  await fetcher?.close();
});

const extractFromSite = async (path: string): Promise<ExtractedPage> => {
  const page = await fetcher.fetchPage(env.site.url(path));
  if (page.contentType === "application/pdf") throw new Error(`${path} is a PDF`);
  return extractPage(page);
};

const html = (body: string, url = "https://example.com/articles/one.html"): FetchedTextPage => ({
  url,
  contentType: "text/html",
  body,
});

const ARTICLE_TEXT = Array.from(
  { length: 4 },
  (_, index) =>
    `<p>Paragraph ${index + 1} tells a long enough story about river otters returning to the city canals, ` +
    "with details about their diet, their dens under old bridges and the volunteers who count them.</p>",
).join("\n");

describe("extractPage: the news article (JSON-LD NewsArticle)", () => {
  let page: ExtractedPage;
  beforeAll(async () => {
    page = await extractFromSite("/news/article.html");
  });

  it("reads title, date, author, lead image and icon from the metadata", () => {
    const { analysis } = page;
    expect(analysis.url).toBe(env.site.url("/news/article.html"));
    expect(analysis.id).toBe(pageIdOf(env.site.url("/news/article.html")));
    // The JSON-LD headline comes before og:title, as in Readability.
    expect(analysis.title).toBe("Riverside tram line opens after four years of works");
    expect(analysis.publishedDate).toBe("2025-03-14T07:30:00.000Z");
    expect(analysis.author).toBe("Ines Okafor");
    expect(analysis.image).toBe(env.site.url("/news/images/tram-lead.jpg"));
    expect(analysis.favicon).toBe(env.site.url("/news/favicon-192.png"));
    expect(analysis).not.toHaveProperty("score");
  });

  it("keeps the article's text and images, not the navigation, related links or footer", () => {
    const { text, extras } = page.analysis;
    expect(text).toContain(
      "The new line runs for 9.4 kilometres between the old harbour and the university campus at Kestrel Hill",
    );
    expect(text).toContain("Residents near the Kestrel Hill depot have complained about noise");
    for (const boilerplate of [
      "Weather and traffic alerts",
      "Subscribe to the Courier",
      "All rights reserved",
      "Related stories",
      "window.analytics",
    ]) {
      expect(text).not.toContain(boilerplate);
    }
    expect(extras.imageLinks).toEqual([
      env.site.url("/news/images/tram-platform.jpg"),
      env.site.url("/news/images/tram-bridge.jpg"),
    ]);
  });

  it("separates paragraphs with blank lines and collapses whitespace inside them", () => {
    const paragraphs = page.analysis.text.split("\n\n");
    expect(paragraphs.length).toBeGreaterThanOrEqual(7);
    expect(paragraphs.every((paragraph) => paragraph === paragraph.trim() && !/\s{2,}/.test(paragraph))).toBe(
      true,
    );
    expect(paragraphs).toContain(
      "Trams will run every six minutes at peak times and every ten minutes in the evening. Tickets cost the same as a single bus fare, and passengers with a monthly travel card can use both services without paying extra.",
    );
  });

  it("reads description, language, keywords and site name", () => {
    expect(page.description).toMatch(/^After four years of construction/);
    expect(page.language).toBe("en");
    expect(page.keywords).toEqual(["trams", "public transport", "Northbridge", "city council"]);
    expect(page.siteName).toBe("Northbridge Courier");
  });
});

describe("extractPage: the blog post (byline and <time>)", () => {
  let page: ExtractedPage;
  beforeAll(async () => {
    page = await extractFromSite("/blog/post.html");
  });

  it("takes the author from the byline and the date from <time datetime>", () => {
    expect(page.analysis.title).toBe("Why my sourdough finally rises");
    expect(page.analysis.author).toBe("Marta Lindqvist");
    expect(page.analysis.publishedDate).toBe("2024-11-02T09:15:00.000Z");
  });

  it("makes a relative og:image and shortcut icon absolute", () => {
    expect(page.analysis.image).toBe(env.site.url("/blog/img/open-crumb.jpg"));
    expect(page.analysis.favicon).toBe(env.site.url("/blog/favicon.ico"));
    expect(page.analysis.extras.imageLinks).toEqual([
      env.site.url("/blog/img/starter-jar.jpg"),
      env.site.url("/blog/img/open-crumb.jpg"),
    ]);
  });

  it("keeps the post and leaves out sidebar, comments and footer", () => {
    const { text } = page.analysis;
    expect(text).toContain("Now I feed it twice a day at room temperature for three days before a bake");
    expect(text).not.toContain("By Marta Lindqvist");
    for (const boilerplate of ["About the baker", "Join 3,000 home bakers", "hobby blog", "Great tips!"]) {
      expect(text).not.toContain(boilerplate);
    }
  });

  it("reads article:tag keywords without case duplicates, and og:description", () => {
    expect(page.keywords).toEqual(["sourdough", "baking"]);
    expect(page.description).toBe(
      "Three changes to my starter routine that turned flat, dense loaves into open, airy bread.",
    );
    expect(page.siteName).toBe("Crumb & Crust");
  });
});

describe("extractPage: a page without any metadata", () => {
  let page: ExtractedPage;
  beforeAll(async () => {
    page = await extractFromSite("/plain/no-meta.html");
  });

  it("has an empty title, no date, author or image, and the origin's /favicon.ico", () => {
    const { analysis } = page;
    expect(analysis.title).toBe("");
    expect(analysis).not.toHaveProperty("publishedDate");
    expect(analysis).not.toHaveProperty("author");
    expect(analysis).not.toHaveProperty("image");
    expect(analysis.favicon).toBe(`${env.site.origin}/favicon.ico`);
    expect(analysis.extras.imageLinks).toEqual([]);
    expect(page.language).toBeUndefined();
    expect(page.keywords).toEqual([]);
    expect(page.siteName).toBe("localhost");
  });

  it("keeps the heading and every paragraph in the text; the description is the first paragraph", () => {
    const { text } = page.analysis;
    expect(text.startsWith("How birds find their way south\n\nEvery autumn billions of birds")).toBe(true);
    expect(text).toContain("The arctic tern holds the record for the longest migration.");
    expect(page.description).toMatch(/^Every autumn billions of birds/);
  });
});

describe("extractPage: the gallery (<base href>)", () => {
  let page: ExtractedPage;
  beforeAll(async () => {
    page = await extractFromSite("/gallery/base.html");
  });

  it("resolves images, lead image and icon through <base href>", () => {
    const asset = (path: string) => env.site.url(`/gallery/assets/${path}`);
    expect(page.analysis.extras.imageLinks).toEqual([
      asset("photos/lake-bohinj.jpg"),
      asset("photos/black-lake.jpg"),
      asset("photos/double-lake-1600.jpg"),
    ]);
    expect(page.analysis.image).toBe(asset("photos/cover.jpg"));
    expect(page.analysis.favicon).toBe(asset("icons/lake.svg"));
  });

  it("reads meta author, meta date and meta keywords", () => {
    expect(page.analysis.author).toBe("Tomasz Wierzbicki");
    expect(page.analysis.publishedDate).toBe("2023-08-19T00:00:00.000Z");
    expect(page.keywords).toEqual(["lakes", "Julian Alps", "hiking", "photography", "Slovenia"]);
    expect(page.analysis.text).toContain("Bohinj is the largest permanent lake in Slovenia");
    expect(page.analysis.text).not.toContain("Please ask before reusing them");
  });
});

describe("extractPage: the French article", () => {
  let page: ExtractedPage;
  beforeAll(async () => {
    page = await extractFromSite("/fr/article.html");
  });

  it("reads the language, and ignores an article:author that is a URL", () => {
    expect(page.language).toBe("fr");
    expect(page.analysis.author).toBe("Claire Dubois");
    expect(page.analysis.publishedDate).toBe("2024-06-21T05:00:00.000Z");
    expect(page.analysis.title).toBe("Le Comté, un fromage qui prend son temps");
    expect(page.siteName).toBe("Le Journal du Terroir");
    expect(page.keywords).toEqual(["fromage", "Comté", "affinage", "Jura"]);
  });

  it("keeps the accented text and drops the byline leftovers and the navigation", () => {
    const { text } = page.analysis;
    expect(text).toContain(
      "Les dégustateurs professionnels ont recensé plus de quatre-vingts arômes différents.",
    );
    expect(text.startsWith("Dans les montagnes du Jura")).toBe(true);
    expect(text).not.toContain("Abonnez-vous");
    expect(text).not.toContain("Tous droits réservés");
  });
});

describe("extractPage: plain text and charsets", () => {
  it("takes the first line of a text/plain page as its title and the body as its text", async () => {
    const page = await extractFromSite("/text/notes.txt");
    expect(page.analysis.title).toBe("Observing log: the Perseid meteor shower from a dark-sky site");
    expect(page.analysis.text).toContain("Between 23:00 and 03:30 I counted 148 meteors");
    expect(page.analysis.text.split("\n\n")).toHaveLength(5);
    expect(page.analysis.favicon).toBe(`${env.site.origin}/favicon.ico`);
    expect(page.analysis.extras.imageLinks).toEqual([]);
    expect(page.description).toMatch(/^Conditions were excellent/);
  });

  it("cuts a long first line to 200 characters for the title", () => {
    const page = extractPage({
      url: "https://example.com/a.txt",
      contentType: "text/plain",
      body: `${"word ".repeat(100)}\n\nbody`,
    });
    expect(page.analysis.title.length).toBeLessThanOrEqual(200);
    expect(page.analysis.title.startsWith("word word")).toBe(true);
  });

  it("extracts the latin1 page decoded by the fetcher", async () => {
    const page = await extractFromSite("/charset/latin1.html");
    expect(page.analysis.title).toBe("Kaffeehäuser in Wien: ein kurzer Führer");
    expect(page.analysis.text).toContain("Übrigens: Trinkgeld von etwa zehn Prozent ist üblich.");
    expect(page.language).toBe("de");
  });

  it("gives every generated article its own title and text", async () => {
    const pages = await Promise.all([1, 2, 13, 60].map((n) => extractFromSite(`/many/${n}.html`)));
    expect(new Set(pages.map((page) => page.analysis.title)).size).toBe(4);
    expect(pages[0]?.analysis.text).toContain("article number 1 in a series about urban beekeeping");
    expect(pages[3]?.analysis.author).toBe("Writer 60");
  });
});

describe("extractPage: metadata rules", () => {
  const head = (inner: string, body = ARTICLE_TEXT) =>
    extractPage(html(`<html><head>${inner}</head><body>${body}</body></html>`));
  const jsonLdScript = (node: object) =>
    `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", ...node })}</script>`;

  it("prefers the JSON-LD headline, then og:title, then <title>", () => {
    const jsonLd = jsonLdScript({ "@type": "Article", headline: "From JSON-LD" });
    expect(
      head(`<title>From title</title>${jsonLd}<meta property="og:title" content="From og">`).analysis.title,
    ).toBe("From JSON-LD");
    expect(head('<title>From title</title><meta property="og:title" content="From og">').analysis.title).toBe(
      "From og",
    );
    expect(head("<title>  From\n title </title>").analysis.title).toBe("From title");
  });

  it("takes the JSON-LD article's name, unless only its headline resembles the <title>", () => {
    const article = (title: string, name: string) =>
      head(
        `<title>${title} | Otter Watch</title>${jsonLdScript({ "@type": "NewsArticle", name, headline: "Otters return to the city canals" })}`,
      ).analysis.title;
    expect(article("Otters return to the city canals", "Otter Watch")).toBe(
      "Otters return to the city canals",
    );
    expect(article("Otters are back in town", "Otters are back in town")).toBe("Otters are back in town");
    // A node that is not an article gives its headline only.
    expect(
      head(
        `<title>Otters return to the city canals</title>${jsonLdScript({ "@type": "WebPage", name: "Otter Watch – news" })}`,
      ).analysis.title,
    ).toBe("Otters return to the city canals");
  });

  it("weighs declared titles as Readability does: Dublin Core, og:title, twitter:title, parsely-title", () => {
    const title = "<title>Page title that is long enough</title>";
    expect(
      head(`${title}<meta property="og:title" content="From og"><meta name="DC.title" content="From DC">`)
        .analysis.title,
    ).toBe("From DC");
    expect(
      head(
        `${title}<meta name="parsely-title" content="From parsely"><meta name="twitter:title" content="From twitter">`,
      ).analysis.title,
    ).toBe("From twitter");
    expect(head(`${title}<meta name="parsely-title" content="From parsely">`).analysis.title).toBe(
      "From parsely",
    );
    // RDFa lets one property attribute name several properties.
    expect(head(`${title}<meta property="og:title dc:title" content="Both">`).analysis.title).toBe("Both");
  });

  it("cuts the site's name off the <title> the way Readability does", () => {
    const titleOf = (title: string, body = ARTICLE_TEXT) =>
      head(`<title>${title}</title>`, body).analysis.title;
    expect(titleOf("Otters return to the city canals | Otter Watch")).toBe(
      "Otters return to the city canals",
    );
    expect(titleOf("Otters return to the city canals – Otter Watch")).toBe(
      "Otters return to the city canals",
    );
    expect(titleOf("Otter Watch | Otters return to the city canals")).toBe(
      "Otters return to the city canals",
    );
    // Too few words left: the whole title stays.
    expect(titleOf("Otters return - Otter Watch")).toBe("Otters return - Otter Watch");
    // After a colon, unless a heading repeats the whole title.
    expect(titleOf("Otter Watch: Otters return to the city canals")).toBe("Otters return to the city canals");
    expect(
      titleOf(
        "Field notes: otters return to the canals",
        `<h1>Field notes: otters return to the canals</h1>${ARTICLE_TEXT}`,
      ),
    ).toBe("Field notes: otters return to the canals");
    // A very short title gives way to the page's only <h1>.
    expect(titleOf("Otters", `<h1>Otters return to the city canals</h1>${ARTICLE_TEXT}`)).toBe(
      "Otters return to the city canals",
    );
  });

  it("takes the JSON-LD authors first, then Dublin Core, meta author, parsely-author and article:author", () => {
    const authorOf = (inner: string) => head(inner).analysis.author;
    const jsonLd = jsonLdScript({
      "@type": "BlogPosting",
      author: [{ "@type": "Person", name: "Ada Moss" }],
    });
    expect(authorOf(`<meta name="author" content="Meta Author">${jsonLd}`)).toBe("Ada Moss");
    expect(
      authorOf('<meta name="author" content="Meta Author"><meta name="DC.creator" content="DC Creator">'),
    ).toBe("DC Creator");
    expect(
      authorOf(
        '<meta property="article:author" content="OG Author"><meta name="parsely-author" content="Parsely">',
      ),
    ).toBe("Parsely");
    expect(authorOf('<meta property="article:author" content="OG Author">')).toBe("OG Author");
    // As in Readability, the last of a name declared twice.
    expect(
      authorOf(
        '<meta name="DC.Creator" content="Second, Author"><meta name="DC.Creator" content="Lead, Author">',
      ),
    ).toBe("Lead, Author");
  });

  it("finds the byline in the page only when none is declared, the first one in the page as Readability does", () => {
    const byline =
      '<p class="byline">By <span itemprop="name">Ada Moss</span>, staff writer</p>' +
      `${ARTICLE_TEXT}<p>Also read <a rel="author" href="/people/ben">Ben Reed</a>.</p>`;
    expect(
      head("<title>Otters return to the city canals</title>", `<article>${byline}</article>`).analysis.author,
    ).toBe("Ada Moss");
    expect(
      head('<meta name="author" content="Declared Author">', `<article>${byline}</article>`).analysis.author,
    ).toBe("Declared Author");
  });

  it("takes the JSON-LD datePublished first, then article:published_time and parsely-pub-date", () => {
    const dateOf = (inner: string) => head(inner).analysis.publishedDate;
    const jsonLd = jsonLdScript({ "@type": "NewsArticle", datePublished: "2024-12-06T22:00:40Z" });
    expect(dateOf(`<meta property="article:published_time" content="2024-12-07T12:43:39Z">${jsonLd}`)).toBe(
      "2024-12-06T22:00:40.000Z",
    );
    expect(
      dateOf(
        '<meta name="dc.date" content="2020-01-01"><meta name="parsely-pub-date" content="2024-04-20T04:20:00Z">',
      ),
    ).toBe("2024-04-20T04:20:00.000Z");
  });

  it("reads JSON-LD inside @graph with an array of authors and an ImageObject", () => {
    const graph = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebSite", name: "Otter Watch" },
        {
          "@type": ["BlogPosting"],
          headline: "Otters are back",
          datePublished: "2024-02-29",
          author: [{ "@type": "Person", name: "Ada Moss" }, "Ben Reed"],
          image: { "@type": "ImageObject", url: "/img/otter.jpg" },
          keywords: "otters, canals,wildlife",
        },
      ],
    };
    const page = extractPage(
      html(
        `<html><head><script type="application/ld+json">${JSON.stringify(graph)}</script></head><body>${ARTICLE_TEXT}</body></html>`,
      ),
    );
    expect(page.analysis.title).toBe("Otters are back");
    expect(page.analysis.author).toBe("Ada Moss, Ben Reed");
    expect(page.analysis.publishedDate).toBe("2024-02-29T00:00:00.000Z");
    expect(page.analysis.image).toBe("https://example.com/img/otter.jpg");
    expect(page.keywords).toEqual(["otters", "canals", "wildlife"]);
  });

  it("omits a date that does not parse and falls back to the next source", () => {
    const bad = extractPage(
      html(
        `<html><head><meta property="article:published_time" content="last Tuesday"></head><body>${ARTICLE_TEXT}</body></html>`,
      ),
    );
    expect(bad.analysis).not.toHaveProperty("publishedDate");
    const fallback = extractPage(
      html(
        `<html><head><meta property="article:published_time" content="soon"><meta name="dc.date" content="2021-05-04T10:00:00Z"></head><body>${ARTICLE_TEXT}</body></html>`,
      ),
    );
    expect(fallback.analysis.publishedDate).toBe("2021-05-04T10:00:00.000Z");
  });

  it("skips broken JSON-LD and a URL-valued article:author", () => {
    const page = extractPage(
      html(
        `<html><head><script type="application/ld+json">{ not json</script><meta property="article:author" content="https://example.com/authors/x"></head><body>${ARTICLE_TEXT}</body></html>`,
      ),
    );
    expect(page.analysis).not.toHaveProperty("author");
  });

  it("prefers the largest declared icon, and the first when none gives a size", () => {
    const icons = (links: string) =>
      extractPage(html(`<html><head>${links}</head><body>${ARTICLE_TEXT}</body></html>`)).analysis.favicon;
    expect(
      icons('<link rel="icon" href="/a.png" sizes="16x16"><link rel="icon" href="/b.png" sizes="48x48">'),
    ).toBe("https://example.com/b.png");
    expect(icons('<link rel="icon" href="/first.png"><link rel="icon" href="/second.png">')).toBe(
      "https://example.com/first.png",
    );
    expect(icons('<link rel="apple-touch-icon" href="/apple.png">')).toBe("https://example.com/favicon.ico");
  });
});

describe("extractPage: images and text", () => {
  it("lists at most 50 distinct absolute images, skipping data: URIs", () => {
    const images = Array.from(
      { length: 60 },
      (_, index) => `<img src="/photos/${index % 55}.jpg" alt="">`,
    ).join("");
    const page = extractPage(
      html(
        `<html><body><article>${ARTICLE_TEXT}<p>Photos: ${images}<img src="data:image/png;base64,AAAA"></p></article></body></html>`,
      ),
    );
    const links = page.analysis.extras.imageLinks;
    expect(links).toHaveLength(50);
    expect(new Set(links).size).toBe(50);
    expect(links[0]).toBe("https://example.com/photos/0.jpg");
    expect(links.some((link) => link.startsWith("data:"))).toBe(false);
  });

  it("takes the widest srcset candidate of an image without src", () => {
    const page = extractPage(
      html(
        `<html><body><article>${ARTICLE_TEXT}<p><img srcset="small.jpg 320w, large.jpg 1280w, medium.jpg 640w"></p></article></body></html>`,
      ),
    );
    expect(page.analysis.extras.imageLinks).toEqual(["https://example.com/articles/large.jpg"]);
  });

  it("cuts the text at 100,000 characters", () => {
    const paragraph = `<p>${"The otters swim under the bridge again. ".repeat(50)}</p>`;
    const page = extractPage(html(`<html><body><article>${paragraph.repeat(80)}</article></body></html>`));
    expect(page.analysis.text.length).toBeLessThanOrEqual(100_000);
    expect(page.analysis.text.length).toBeGreaterThan(99_000);
  });

  it("still finds text in a page Readability cannot make sense of", () => {
    const page = extractPage(html("<html><body>Just a line of text, nothing else.</body></html>"));
    expect(page.analysis.text).toBe("Just a line of text, nothing else.");
  });

  it("reads a pathologically nested page with the linear fallback instead of stalling", () => {
    const depth = 20_000;
    const body = `<html><body>${"<div>".repeat(depth)}<p>Deep inside.</p>${"</div>".repeat(depth)}</body></html>`;
    // Its time: bench/bounded-work.ts.
    const page = extractPage(html(body));
    expect(page.analysis.text).toBe("Deep inside.");
  });
});

describe("extractPage: markup without a document root", () => {
  it.each([
    ["a byte-order mark alone", "\uFEFF"],
    ["control bytes", "\u0000\u0001\u001b\u0000"],
    ["a stray end tag", "</html>"],
    ["a comment", "<!-- nothing -->"],
    ["an XML declaration", "<?xml version='1.0'?>"],
    ["a frameset", "<frameset><frame src=/a.html></frameset>"],
  ])("reads %s as a page without text instead of throwing", (_case, body) => {
    expect(extractPage(html(body)).analysis.text).toBe("");
  });

  it("reads text before the first tag, as a browser does (linkedom alone keeps only the first element)", () => {
    expect(extractPage(html("Loose words first<p>then a paragraph</p>")).analysis.text).toBe(
      "Loose words first\n\nthen a paragraph",
    );
  });

  it("reads the head and the body of a page without <html> or <body> tags", () => {
    const page = extractPage(html("<head><title>Headless</title></head><p>The body text of the page.</p>"));
    expect(page.analysis.title).toBe("Headless");
    expect(page.analysis.text).toBe("The body text of the page.");
  });

  it("leaves NUL and other control characters out of the text", () => {
    expect(extractPage(html("<p>Otters\u0000 swim\u0007 here.</p>")).analysis.text).toBe("Otters swim here.");
  });
});

describe("extractPage: boilerplate Readability keeps", () => {
  const article = (around: { before?: string; after?: string; inside?: string }) =>
    extractPage(
      html(
        `<html><head><title>Otters return</title></head><body><article><h1>Otters return</h1>${around.before ?? ""}${ARTICLE_TEXT}${around.inside ?? ""}${ARTICLE_TEXT.replaceAll("Paragraph", "Section")}${around.after ?? ""}</article></body></html>`,
      ),
    ).analysis.text;

  it.each([
    ["a dateline", { before: "<p>Updated Nov 19, 2025, 6:55 AM</p>" }, "Updated Nov 19"],
    ["an agency credit", { before: "<p>By Reuters</p>" }, "Reuters"],
    [
      "a newsletter box",
      {
        inside:
          "<div><p>Breaking News Emails: get breaking news alerts delivered to your inbox. SUBSCRIBE</p></div>",
      },
      "SUBSCRIBE",
    ],
    [
      "a comment-moderation notice",
      { after: "<p>Comments are moderated and will appear after approval.</p>" },
      "moderated",
    ],
    [
      "a tag list",
      { after: '<p>Tags: <a href="/t/otters">otters</a>, <a href="/t/canals">canals</a></p>' },
      "Tags",
    ],
    [
      "a related-links block under its heading",
      {
        after:
          '<h3>You may also like</h3><ul><li><a href="/a">Beavers build a dam downtown</a></li><li><a href="/b">Herons nest on the old mill</a></li></ul>',
      },
      "Beavers",
    ],
    [
      "a dateline in French",
      { before: "<p>Publié le 12 mars 2025 à 08h15, mis à jour à 10h02</p>" },
      "Publié",
    ],
    ["a dateline in German", { before: "<p>Aktualisiert am 4. Juni 2025, 14:20 Uhr</p>" }, "Aktualisiert"],
    ["a line that is only a date and time", { before: "<div>Nov 19, 2025, 6:55 AM UTC</div>" }, "6:55"],
    ["an agency byline in French", { before: "<p>Par AFP</p>" }, "AFP"],
    [
      "a section label linked before the first paragraph",
      { before: '<p><a href="/world">World</a></p>' },
      "World",
    ],
    [
      "a share bar",
      {
        before:
          '<ul><li><a href="https://fb.example">Share on Facebook</a></li><li><a href="mailto:?">Email</a></li></ul>',
      },
      "Share on",
    ],
    [
      "a READ MORE promo between paragraphs",
      { inside: '<p><strong>READ MORE:</strong> <a href="/other">Beavers build a dam downtown</a></p>' },
      "Beavers",
    ],
    [
      "a French Lire aussi promo",
      { inside: '<p>Lire aussi : <a href="/autre">Les castors construisent un barrage</a></p>' },
      "castors",
    ],
    [
      "a post's categories",
      { after: '<p>Posted in <a href="/c/otters">Otters</a>, <a href="/c/canals">Canals</a></p>' },
      "Posted in",
    ],
    [
      "a subscribe button made of a link",
      { inside: '<p><a href="/subscribe">SUBSCRIBE</a></p>' },
      "SUBSCRIBE",
    ],
    [
      "an advertisement notice",
      { inside: "<div>Story continues below advertisement</div>" },
      "advertisement",
    ],
    [
      "a wire copyright line",
      {
        after:
          "<p>Copyright 2025 Reuters. All rights reserved. This material may not be published, broadcast, rewritten or redistributed.</p>",
      },
      "rights reserved",
    ],
    [
      "a follow-us line",
      { after: "<p>Follow the Otter Gazette on Facebook and Instagram for the latest news.</p>" },
      "Follow",
    ],
    [
      "a newsletter box named by its class",
      {
        inside:
          '<div class="newsletter-signup"><h4>The Morning Otter</h4><p>The stories that matter, delivered weekday mornings.</p></div>',
      },
      "Morning Otter",
    ],
    [
      "a tag list named by its class",
      {
        after:
          '<ul class="article-tags"><li><a href="/t/otters">Otters</a></li><li><a href="/t/canals">Canals</a></li></ul>',
      },
      "Canals",
    ],
    [
      "a photo credit named by its class",
      {
        before:
          '<figure><img src="/otter.jpg" alt=""><figcaption>An otter at dusk. <span class="photo-credit">Photo: Ana Ruiz / Otter Gazette</span></figcaption></figure>',
      },
      "Ana Ruiz",
    ],
    [
      "related stories in an element Readability keeps for its article-like class",
      {
        after:
          '<div class="article-related"><h3>Elsewhere</h3><ul><li><a href="/a">Beavers build a dam downtown</a></li><li><a href="/b">Herons nest on the old mill</a></li></ul></div>',
      },
      "Herons",
    ],
    [
      "a cookie notice inside the article",
      {
        inside:
          '<div class="cookie-consent">We use cookies to improve your experience on our env.site. <a href="#ok">Accept</a></div>',
      },
      "cookies",
    ],
    [
      "a figure's caption",
      {
        before:
          '<figure><img src="/otter.jpg" alt=""><figcaption>An otter at dusk on the old canal.</figcaption></figure>',
      },
      "otter at dusk",
    ],
    [
      "a caption named by its class, outside any figure",
      { inside: '<div class="media-caption">Volunteers count the otters at dawn (Photo: Ana Ruiz)</div>' },
      "Volunteers count",
    ],
    [
      "the site's navigation inside the article",
      {
        before:
          '<nav><a href="/world">World</a> <a href="/sport">Sport</a> <a href="/culture">Culture</a> <a href="/science">Science</a> <a href="/travel">Travel</a></nav>',
      },
      "Culture",
    ],
    [
      "the header above the story, its standfirst with it",
      { before: "<header><p>The standfirst says that the otters are back in town.</p></header>" },
      "standfirst",
    ],
    [
      "a gallery's counter and controls",
      { before: "<div>Image 1 of / 12</div><div>Caption</div><div>Close</div><div>Image 1 of 12</div>" },
      "Image 1",
    ],
    [
      "a shouted link to the site's own pages",
      { inside: '<p><strong><a href="/apps">GET THE OTTER GAZETTE APP</a></strong></p>' },
      "GAZETTE APP",
    ],
    [
      "the page's own address before the story (a print header)",
      { before: "<div><span>https://example.com/articles/one.html</span></div>" },
      "example.com",
    ],
    ["the title repeated before the story", { before: "<p>Otters return</p>" }, "Otters return"],
    [
      "a reuse notice",
      {
        after:
          "<p>This document is subject to copyright. Apart from any fair dealing for the purpose of private study or research, no part may be reproduced without the written permission.</p>",
      },
      "subject to copyright",
    ],
    [
      "related links under a heading that trails off",
      {
        after:
          '<h3>You may also like...</h3><ul><li><a href="/a">Beavers build a dam downtown</a></li><li><a href="/b">Herons nest on the old mill</a></li></ul>',
      },
      "Beavers",
    ],
    [
      "related links under a bare More heading",
      {
        inside:
          '<h4>More:</h4><ul><li><h4><a href="/a">Beavers build a dam downtown</a></h4></li></ul><ul><li><h4><a href="/b">Herons nest on the old mill</a></h4></li></ul>',
      },
      "Herons",
    ],
    [
      "a most-read list named for its section",
      {
        after:
          '<h3>Most read in world news</h3><ul><li><a href="/a">Beavers build a dam downtown</a></li><li><a href="/b">Herons nest on the old mill</a></li></ul>',
      },
      "Beavers",
    ],
    [
      "the writer's note under About the Author",
      {
        after:
          "<h2>About the Author</h2><p>Ana Ruiz @anaruiz</p><p>Ana covers wildlife for the Gazette and hosts its weekly podcast.</p>",
      },
      "hosts its weekly podcast",
    ],
    ["a byline with its date", { before: "<p>By Ana Ruiz - 11/18/25 11:04 PM EST</p>" }, "Ana Ruiz"],
    [
      "the writer's contact note at the end",
      {
        after:
          "<p>Have a tip? Ana Ruiz may be reached at ana@gazette.example. Follow her on Twitter @anaruiz or on Facebook.</p>",
      },
      "Have a tip",
    ],
  ])("drops %s and keeps every paragraph", (_case, around, dropped) => {
    const text = article(around);
    expect(text).not.toContain(dropped);
    expect(text.match(/(Paragraph|Section) \d/g)).toHaveLength(8);
  });

  it("keeps short lines and links inside the article, and link headings", () => {
    const text = article({
      inside: '<h2><a href="#more">More about the dens</a></h2><p>Otters rest here.</p>',
      after: "<h2>Closing thoughts</h2>",
    });
    expect(text).toContain("More about the dens");
    expect(text).toContain("Otters rest here.");
    expect(text).toContain("Closing thoughts");
  });

  it("keeps prose that uses the same words: a sentence opening with Updated, newsletters and comments in the story", () => {
    const prose = [
      "Updated guidance from the press association, published last spring, told papers to start a newsletter.",
      "Readers who only read the newsletter were the least likely to subscribe to the paper.",
      "Comments are open on the site, and I read every one of them.",
    ];
    const text = article({
      before: `<p>${prose[0]}</p>`,
      inside: `<p>${prose[1]}</p>`,
      after: `<p>${prose[2]}</p>`,
    });
    for (const sentence of prose) expect(text).toContain(sentence);
  });

  it("keeps a sentence that opens with By and a date, and a section about someone under an About heading", () => {
    const sentence = "By March 2025 the count had doubled.";
    const section = Array.from(
      { length: 5 },
      (_, index) => `<p>Part ${index + 1} of the life of the woman who first counted the otters.</p>`,
    ).join("");
    const text = article({ before: `<p>${sentence}</p>`, after: `<h2>About her</h2>${section}` });
    expect(text).toContain(sentence);
    expect(text).toContain("Part 5 of the life");
  });

  it("keeps a shouted link to another site (a source) and the heading of a box whose class says no_caption", () => {
    const text = article({
      inside:
        '<p><a href="https://results.example.org/swim">CLICK FOR FULL STATE SWIM RESULTS</a></p>' +
        '<div class="list-item no_caption"><h2>Otters counted in every canal</h2><img src="/o.jpg" alt=""></div>',
    });
    expect(text).toContain("CLICK FOR FULL STATE SWIM RESULTS");
    expect(text).toContain("Otters counted in every canal");
  });

  it("drops the card that pops up over a name, and keeps the name in its sentence", () => {
    const text = article({
      inside:
        '<p>The count was led by <span class="person"><a href="/people/ana">Ana Ruiz</a><span><span><img src="/ana.jpg" alt="">' +
        '<a href="/people/ana">Ana Ruiz</a><a href="/s/1">Beavers build a dam downtown</a> <a href="/s/2">Herons nest on the old mill</a>' +
        "</span></span></span>, who counts them every spring.</p>",
    });
    expect(text).toContain("The count was led by Ana Ruiz, who counts them every spring.");
    expect(text).not.toContain("Beavers");
  });

  it("drops the byline of a page that declares its author, and keeps the author", () => {
    const page = extractPage(
      html(
        `<html><head><meta name="author" content="Ana Ruiz"></head><body><article><div class="byline">By Ana Ruiz, staff writer</div>${ARTICLE_TEXT}</article></body></html>`,
      ),
    );
    expect(page.analysis.text).not.toContain("staff writer");
    expect(page.analysis.author).toBe("Ana Ruiz");
  });

  it("leaves a byline with a furniture word in its class to Readability, which reads the author from it", () => {
    const page = extractPage(
      html(
        `<html><body><article><div class="byline-social"><a href="/ana">Ana Ruiz</a></div>${ARTICLE_TEXT}</article></body></html>`,
      ),
    );
    expect(page.analysis.author).toBe("Ana Ruiz");
  });

  it("keeps an element with a furniture class when it holds more text than furniture does", () => {
    const text = extractPage(
      html(
        `<html><body><div class="share-wrapper"><article>${ARTICLE_TEXT}</article></div><div class="share-bar"><a href="/fb">Facebook</a></div></body></html>`,
      ),
    ).analysis.text;
    expect(text.match(/Paragraph \d/g)).toHaveLength(4);
  });

  it("reads the blocks Readability renames (DIV to P) as paragraphs of their own", () => {
    const blocks = Array.from(
      { length: 3 },
      (_, index) =>
        `<div>Block ${index + 1} tells a long enough story about otters under the bridges of the old town, ` +
        "their dens and the volunteers who count them every spring, in detail.</div>",
    ).join("");
    const text = extractPage(html(`<html><body><div id="story">${blocks}</div></body></html>`)).analysis.text;
    expect(text.split("\n\n").map((paragraph) => paragraph.slice(0, 7))).toEqual([
      "Block 1",
      "Block 2",
      "Block 3",
    ]);
  });
});

describe("pageIdOf", () => {
  it("gives the same id to the same normalized URL", () => {
    const id = pageIdOf("https://example.com/a/b?x=1");
    expect(id).toMatch(/^pg_[0-9a-f]{24}$/);
    expect(pageIdOf("https://EXAMPLE.com/a/b?x=1")).toBe(id);
    expect(pageIdOf("https://example.com:443/a/b?x=1")).toBe(id);
    expect(pageIdOf("https://example.com/a/b?x=1#section-2")).toBe(id);
  });

  it("gives different pages different ids", () => {
    const id = pageIdOf("https://example.com/a/b?x=1");
    expect(pageIdOf("https://example.com/a/b?x=2")).not.toBe(id);
    expect(pageIdOf("https://example.com/A/b?x=1")).not.toBe(id);
    expect(pageIdOf("https://example.com:8443/a/b?x=1")).not.toBe(id);
  });

  it("is the id extractPage gives the final URL", () => {
    const page = extractPage(html(`<html><body>${ARTICLE_TEXT}</body></html>`, "https://Example.com/x#top"));
    expect(page.analysis.id).toBe(pageIdOf("https://example.com/x"));
    expect(page.analysis.url).toBe("https://Example.com/x#top");
  });
});
