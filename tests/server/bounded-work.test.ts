import { afterEach, describe, expect, it } from "vitest";
import type { FetchedTextPage } from "../../server/pages/types";
import type { PageJob } from "../../server/work/page-job";
import { createPagePool, type PagePool } from "../../server/work/page-pool";
import { longArticle } from "../fixtures/site";
import { answerWith, startFakeProvider } from "./helpers/fake-provider";
import { longestSilence } from "./helpers/longest-silence";
import { siteAndServicePerFile, startTestService } from "./helpers/service";

const env = siteAndServicePerFile();

const PROMPT = "Where do the otters swim?";
const analyze = (link: string[]) => env.service.call("POST", "/v1/links", { body: { link, prompt: PROMPT } });

/** `/healthz` and a read of an analysis answer while `work` runs (longest-silence.ts). */
async function servingSilence<T>(work: () => Promise<T>): ReturnType<typeof longestSilence<T>> {
  const seeded = await analyze([env.site.url("/blog/post.html")]);
  expect(seeded.status).toBe(200);
  const analysisId = seeded.body.results[0].analysisId;
  return longestSilence(work, async () => {
    const [health, read] = await Promise.all([
      fetch(`${env.service.url}/healthz`),
      env.service.call("GET", `/v1/analyses?analysisId=${analysisId}`),
    ]);
    expect(health.status).toBe(200);
    expect(read.status).toBe(200);
  });
}

describe("a page too complex to process", () => {
  it("fails a page nested 100,000 levels deep as page_too_complex, and the service keeps answering", async () => {
    const link = env.site.url("/hostile/nested.html?depth=100000");
    const { result, answeredMeanwhile } = await servingSilence(() => analyze([link]));
    // The depth is refused within tens of milliseconds, so one probe may be all that fits while it runs
    // (two were asked for, and a fast run failed the test); the long page below proves work off the loop.
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(1);
    expect(result.status).toBe(422);
    expect(result.body.error.code).toBe("unprocessable");
    expect(result.body.error.details).toEqual([expect.objectContaining({ link, code: "page_too_complex" })]);
  });

  it("reports it in failures when other links succeed", async () => {
    const nested = env.site.url("/hostile/nested.html?depth=100000");
    const post = env.site.url("/blog/post.html");
    const { status, body } = await analyze([nested, post]);
    expect(status).toBe(200);
    expect(body.results.map((result: { analysis: { url: string } }) => result.analysis.url)).toEqual([post]);
    expect(body.failures).toEqual([{ link: nested, code: "page_too_complex", message: expect.any(String) }]);
    expect(body.costCredits).toBe(1);
  });

  it("fails a page of 600,000 elements (under the 5 MiB cap) as page_too_complex", async () => {
    const link = env.site.url("/hostile/many-elements.html?n=600000");
    const { status, body } = await analyze([link]);
    expect(status).toBe(422);
    expect(body.error.details[0]).toMatchObject({ link, code: "page_too_complex" });
  });

  it("reads a long page within the limits off the event loop: the service answers meanwhile", async () => {
    const link = env.site.url("/hostile/long-article.html?paragraphs=15000");
    const { result, answeredMeanwhile } = await servingSilence(() => analyze([link]));
    expect(result.status).toBe(200);
    expect(result.body.results[0].analysis.text.length).toBeGreaterThan(90_000);
    expect(result.body.results[0].textContent).toMatch(/otters/i);
    expect(answeredMeanwhile).toBeGreaterThan(1);
  });
});

describe("an empty page", () => {
  it.each([
    ["no bytes", "/hostile/empty.html"],
    ["only whitespace", "/hostile/blank.html"],
    ["plain text of only whitespace", "/hostile/blank.txt"],
    ["no text after extraction", "/hostile/no-text.html"],
  ])("fails a page of %s as empty_page", async (_case, path) => {
    const link = env.site.url(path);
    const { status, body } = await analyze([link]);
    expect(status).toBe(422);
    expect(body.error.details).toEqual([expect.objectContaining({ link, code: "empty_page" })]);
  });

  it("reports it in failures when other links succeed", async () => {
    const empty = env.site.url("/hostile/empty.html");
    const post = env.site.url("/blog/post.html");
    const { status, body } = await analyze([empty, post]);
    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
    expect(body.failures).toEqual([{ link: empty, code: "empty_page", message: expect.any(String) }]);
  });
});

describe("a page whose markup is broken", () => {
  it.each([
    ["odd bytes served as HTML", "/hostile/odd-bytes.html"],
    ["no document root", "/hostile/no-root.html"],
    ["only a frameset", "/hostile/frameset.html"],
    ["only a byte-order mark", "/hostile/bom-only.html"],
  ])(
    "fails a page of %s on its own link, and the other links are analyzed and charged",
    async (_case, path) => {
      const broken = env.site.url(path);
      const post = env.site.url("/blog/post.html");
      const { status, body } = await analyze([broken, post]);
      expect(status).toBe(200);
      expect(body.results.map((result: { analysis: { url: string } }) => result.analysis.url)).toEqual([
        post,
      ]);
      expect(body.failures).toEqual([
        {
          link: broken,
          code: expect.stringMatching(/^(empty_page|page_too_complex)$/),
          message: expect.any(String),
        },
      ]);
      expect(body.costCredits).toBe(1);
    },
  );
});

describe("with a text-generation provider", () => {
  it("reads the page in the pool and lets the provider write the text", async () => {
    const provider = await startFakeProvider(() => answerWith("From the model."));
    const service = await startTestService({ ca: env.site.caPem, llm: provider.llm });
    try {
      const post = env.site.url("/blog/post.html");
      const empty = env.site.url("/hostile/empty.html");
      const { status, body } = await service.call("POST", "/v1/links", {
        body: { link: [post, empty], prompt: "How long does the dough rise?" },
      });
      expect(status).toBe(200);
      expect(body.results[0].textContent).toBe("From the model.");
      expect(body.results[0].analysis.text.length).toBeGreaterThan(200);
      expect(body.results[0].analysis.score).toBeGreaterThan(0);
      expect(body.failures).toEqual([{ link: empty, code: "empty_page", message: expect.any(String) }]);
    } finally {
      await service.close();
      await provider.close();
    }
  });
});

describe("the page pool", () => {
  let pool: PagePool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  const job = (body: string, contentType: FetchedTextPage["contentType"] = "text/html"): PageJob => ({
    page: { url: "https://pool.example/page", contentType, body },
    prompt: PROMPT,
    temperature: 0,
    generate: true,
  });
  const smallJob = job("Otters swim under the bridge every spring.", "text/plain");
  // Within the limits, but Readability takes many seconds over one chain this deep.
  const runawayJob = job(
    `<html><body>${"<div>".repeat(1_400)}<p>Deep inside.</p>${"</div>".repeat(1_400)}</body></html>`,
  );

  it("terminates the thread of a job past its deadline, so the next job does not wait for it", async () => {
    pool = await createPagePool({ threads: 1 });
    const deadline = AbortSignal.timeout(300);
    await expect(pool.run(runawayJob, deadline)).rejects.toMatchObject({ name: "TimeoutError" });
    // The runaway job alone takes longer than the next job's deadline: the one thread, left running it,
    // would hold the next job past it.
    const next = await pool.run(smallJob, AbortSignal.timeout(5_000));
    expect(next).toMatchObject({ ok: true, content: { textContent: expect.stringMatching(/otters/i) } });
  });

  it("fails a page that needs more memory than a thread may use as page_too_complex, and goes on", async () => {
    // 48 MiB was too close to what loading the thread's modules takes: its warm-up ran out at times.
    pool = await createPagePool({ threads: 1, maxHeapMb: 64 });
    const huge = await pool.run(job(longArticle(15_000)), AbortSignal.timeout(20_000));
    expect(huge).toMatchObject({ ok: false, failure: { code: "page_too_complex" } });
    expect(await pool.run(smallJob, AbortSignal.timeout(20_000))).toMatchObject({ ok: true });
  });
});
