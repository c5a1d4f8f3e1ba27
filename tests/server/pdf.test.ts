/**
 * PDF links against the real service: the text layer and the document's metadata become the analysis; a
 * PDF without text, a damaged, a password-protected and a hostile one fail alone, and the service keeps
 * answering while a long one is read.
 */
import { describe, expect, it } from "vitest";
import { REPORT_PDF, XMP_PDF } from "../fixtures/pdf-documents";
import { longestSilence } from "./helpers/longest-silence";
import { siteAndServicePerFile } from "./helpers/service";

const env = siteAndServicePerFile();

const PROMPT = "What did the survey find about the otters?";
const analyze = (link: string[], prompt = PROMPT) =>
  env.service.call("POST", "/v1/links", { body: { link, prompt } });

/** `/healthz` answers while `work` runs (longest-silence.ts). */
const healthySilence = <T>(work: () => Promise<T>) =>
  longestSilence(work, async () => {
    expect((await fetch(`${env.service.url}/healthz`)).status).toBe(200);
  });

describe("a PDF link", () => {
  it("is analyzed from its text layer, with title, author and date from the Info dictionary", async () => {
    const link = env.site.url("/pdf/report.pdf");
    const { status, body } = await analyze([link]);
    expect(status).toBe(200);
    expect(body.failures).toBeUndefined();
    expect(body.costCredits).toBe(1);
    const [result] = body.results;
    expect(result.analysis).toMatchObject({
      url: link,
      title: REPORT_PDF.title,
      author: REPORT_PDF.author,
      publishedDate: REPORT_PDF.publishedDate,
      favicon: env.site.url("/favicon.ico"),
      extras: { imageLinks: [] },
    });
    // Both pages, a blank line where the lines are set apart.
    expect(result.analysis.text).toMatch(/^Otters of the Lower Canal\n\nEurasian otters have returned/);
    expect(result.analysis.text).toContain("spring survey.\n\nThe otters feed mostly on eels and crayfish.");
    expect(result.analysis.text).toContain("Recommendations\n\nThe survey team asks the canal trust");
    expect(result.analysis.score).toBeGreaterThan(0);
    expect(result.textContent).toMatch(/otters/i);

    const stored = await env.service.call("GET", `/v1/analyses?analysisId=${result.analysisId}`);
    expect(stored.body.analysis.title).toBe(REPORT_PDF.title);
  });

  it("takes title, author and date from the XMP metadata before the Info dictionary", async () => {
    const { status, body } = await analyze([env.site.url("/pdf/xmp.pdf")], "What did the keepers log?");
    expect(status).toBe(200);
    expect(body.results[0].analysis).toMatchObject({
      title: XMP_PDF.title,
      author: XMP_PDF.author,
      publishedDate: XMP_PDF.publishedDate,
    });
    expect(body.results[0].analysis.text).toContain("The last keepers of the northern lights kept a log");
  });

  it("takes the first line of text as the title of a PDF without metadata, and omits author and date", async () => {
    const { status, body } = await analyze([env.site.url("/pdf/untitled.pdf")], "Who may use the pump?");
    expect(status).toBe(200);
    const { analysis } = body.results[0];
    expect(analysis.title).toBe("Minutes of the allotment society");
    expect(analysis).not.toHaveProperty("author");
    expect(analysis).not.toHaveProperty("publishedDate");
    expect(body.results[0].textContent).toMatch(/pump/);
  });

  it("fills a response schema from the PDF", async () => {
    const { status, body } = await env.service.call("POST", "/v1/links", {
      body: {
        link: [env.site.url("/pdf/report.pdf")],
        prompt: "Who wrote the report?",
        responseFormat: {
          type: "json_schema",
          json_schema: { type: "object", properties: { author: { type: "string" } }, required: ["author"] },
        },
      },
    });
    expect(status).toBe(200);
    expect(typeof body.results[0].jsonContent.author).toBe("string");
  });
});

describe("a PDF that cannot be analyzed", () => {
  it("fails a PDF without a text layer (a scan) as no_text", async () => {
    const link = env.site.url("/pdf/scanned.pdf");
    const { status, body } = await analyze([link]);
    expect(status).toBe(422);
    expect(body.error.code).toBe("unprocessable");
    expect(body.error.details).toEqual([
      expect.objectContaining({
        link,
        code: "no_text",
        message: expect.stringContaining("without a text layer"),
      }),
    ]);
  });

  it.each([
    ["a truncated file", "/pdf/truncated.pdf", "is not a readable PDF (Invalid PDF structure)"],
    ["a file without pages or cross-reference table", "/doc.pdf", "is not a readable PDF"],
    ["a password-protected file", "/pdf/encrypted.pdf", "is a password-protected PDF"],
  ])("fails %s alone, with a message that says why", async (_case, path, message) => {
    const link = env.site.url(path);
    const post = env.site.url("/blog/post.html");
    const { status, body } = await analyze([link, post]);
    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
    expect(body.failures).toEqual([
      { link, code: "unsupported_content_type", message: expect.stringContaining(message) },
    ]);
  });

  it("fails a decompression bomb as page_too_complex without the service's memory growing by a gigabyte", async () => {
    // 17 KiB on the wire; its page repeats a stream of 16 MiB 64 times: 1 GiB for a reader that decodes it all.
    const link = env.site.url("/pdf/bomb.pdf?mib=16&copies=64");
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);
    try {
      const { status, body } = await analyze([link]);
      expect(status).toBe(422);
      expect(body.error.details).toEqual([
        expect.objectContaining({
          link,
          code: "page_too_complex",
          message: expect.stringContaining("MiB of memory"),
        }),
      ]);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    expect((peak - before) / (1024 * 1024)).toBeLessThan(256);
  });
});

describe("HTML and PDF links together", () => {
  it("analyzes both kinds in one request, in the order of the links", async () => {
    const links = [
      env.site.url("/blog/post.html"),
      env.site.url("/pdf/report.pdf"),
      env.site.url("/pdf/scanned.pdf"),
      env.site.url("/text/notes.txt"),
      env.site.url("/pdf/xmp.pdf"),
    ];
    const { status, body } = await analyze(links);
    expect(status).toBe(200);
    expect(body.results.map((result: { analysis: { url: string } }) => result.analysis.url)).toEqual([
      links[0],
      links[1],
      links[3],
      links[4],
    ]);
    expect(body.results[1].analysis.title).toBe(REPORT_PDF.title);
    expect(body.results[3].analysis.title).toBe(XMP_PDF.title);
    expect(body.failures).toEqual([{ link: links[2], code: "no_text", message: expect.any(String) }]);
    expect(body.costCredits).toBe(4);
  });
});

describe("a long PDF", () => {
  it("is read off the event loop: the service answers /healthz meanwhile", async () => {
    // 30 pages, each under 1 MiB of vector drawing: seconds of parsing.
    const link = env.site.url("/pdf/long.pdf?pages=30&kib=1024");
    const { result, answeredMeanwhile } = await healthySilence(() =>
      analyze([link], "Where do the otters swim?"),
    );
    expect(result.status).toBe(200);
    expect(result.body.results[0].analysis.text).toContain("Page 30: the otters swim under the old bridge");
    expect(answeredMeanwhile).toBeGreaterThan(1);
  });
});
