/**
 * PDF links from the built extension to the reference service: "Analyze this link" on a PDF of the fixture
 * site (a real PDF, written by tests/fixtures/pdf-documents.ts) stores an analysis with the document's own
 * title, author and date, and the side panel lists it; a scan without a text layer fails as `no_text`, with
 * the service's message on the job.
 */
import { createApiClient } from "../../lib/api/client";
import { REPORT_PDF } from "../fixtures/pdf-documents";
import { clickMenu, configure, finishedJob, jobIdOf, openTab, SUMMARY } from "./context-menu-helpers";
import { expect, TEST_API_KEY, test } from "./fixtures";

test.use({ ignoreHTTPSErrors: true });

test.beforeEach(async ({ serviceWorker, service }) => {
  await configure(serviceWorker, service.url);
});

test("Analyze this link on a PDF: the text layer, with the document's title, author and date", async ({
  context,
  serviceWorker,
  service,
  fixtureSite,
  openExtensionPage,
}) => {
  const pageUrl = fixtureSite.url("/blog/post.html");
  const pdfUrl = fixtureSite.url("/pdf/report.pdf");
  const { tabId } = await openTab(context, serviceWorker, pageUrl);

  const outcome = await clickMenu(
    serviceWorker,
    { menuItemId: `linklens:link:${SUMMARY.id}`, linkUrl: pdfUrl, pageUrl, frameId: 0 },
    { id: tabId },
  );
  const job = await finishedJob(serviceWorker, jobIdOf(outcome));
  expect(job).toMatchObject({ status: "done", costCredits: 1, failures: [] });

  const client = createApiClient({ baseUrl: service.url, apiKey: TEST_API_KEY });
  const record = await client.getAnalysis(job.analysisIds[0] as string);
  expect(record.analysis).toMatchObject({
    url: pdfUrl,
    title: REPORT_PDF.title,
    author: REPORT_PDF.author,
    publishedDate: REPORT_PDF.publishedDate,
  });
  expect(record.analysis?.text).toMatch(/^Otters of the Lower Canal/);

  const panel = await openExtensionPage("sidepanel.html");
  await expect(panel.getByText(REPORT_PDF.title).first()).toBeVisible();
});

test("a PDF without a text layer fails as no_text, with the service's reason", async ({
  context,
  serviceWorker,
  fixtureSite,
}) => {
  const pageUrl = fixtureSite.url("/blog/post.html");
  const scanUrl = fixtureSite.url("/pdf/scanned.pdf");
  const { tabId } = await openTab(context, serviceWorker, pageUrl);

  const outcome = await clickMenu(
    serviceWorker,
    { menuItemId: `linklens:link:${SUMMARY.id}`, linkUrl: scanUrl, pageUrl, frameId: 0 },
    { id: tabId },
  );
  const job = await finishedJob(serviceWorker, jobIdOf(outcome));
  expect(job.status).toBe("failed");
  expect(job.analysisIds).toEqual([]);
  expect(job.costCredits).toBe(0);
  expect(job.error).toMatchObject({ status: 422, code: "unprocessable" });
  expect(job.failures).toEqual([
    { link: scanUrl, code: "no_text", message: expect.stringContaining("without a text layer") },
  ]);
});
