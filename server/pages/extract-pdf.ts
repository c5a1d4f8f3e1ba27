/**
 * PDF → analysis object: the text layer, read by pdf.js (unpdf's serverless build: no worker file, no
 * canvas, no network), and title, author and date from the document's metadata, XMP first as the pdf.js
 * viewer reads it, then the Info dictionary. Without a metadata title, the first line of text is the title,
 * as for a plain-text page. A PDF without text is `no_text`; a damaged or password-protected one is
 * `unsupported_content_type`. Reading is bounded in pages, text and typed-array memory (`page_too_complex`);
 * the page pool's deadline bounds its time.
 */
import { getResolvedPDFJS } from "unpdf";
import type { PDFDocumentProxy, PDFPageProxy } from "unpdf/pdfjs";
import { cleanAuthor } from "./article-author";
import { type BufferBudget, BufferBudgetExceeded, withBufferBudget } from "./buffer-budget";
import { extractPlainText, primaryLanguage, uniqueKeywords } from "./extract-page";
import { MAX_TEXT_LENGTH, truncateText } from "./page-text";
import { isoDate } from "./published-date";
import { type ExtractedPage, type FetchedPdf, PageFailure } from "./types";

/** Pages read at most; past them, like past `MAX_TEXT_LENGTH` characters, the rest is left unread. */
const MAX_PDF_PAGES = 2_000;
/** Typed-array memory the reading thread may hold while it reads one PDF, the file's bytes included. */
const MAX_PDF_BUFFER_BYTES = 128 * 1024 * 1024;
const MAX_TITLE_LENGTH = 500;
const MAX_DESCRIPTION_LENGTH = 500;
/** A vertical gap between two lines wider than this many line heights starts a new paragraph. */
const PARAGRAPH_GAP = 1.8;

type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;

/** What pdf.js read: the text of the pages read, the Info dictionary, the XMP metadata. */
interface PdfContent {
  text: string;
  info: Record<string, unknown>;
  xmp: { get(name: string): unknown } | null;
}

export async function extractPdf(page: FetchedPdf): Promise<ExtractedPage> {
  const pdfjs = await getResolvedPDFJS();
  // pdf.js takes the bytes over (it transfers their buffer), and refuses a Node Buffer.
  const data = new Uint8Array(page.body);
  const content = await withBufferBudget(MAX_PDF_BUFFER_BYTES, async (budget) => {
    try {
      const read = await readPdf(pdfjs, data, budget);
      if (budget.exceeded) throw new BufferBudgetExceeded(0, budget.maxBytes);
      return read;
    } catch (error) {
      throw failureOf(page.url, error, budget);
    }
  });

  const base = extractPlainText(page.url, wellFormed(content.text));
  if (base.analysis.text === "") {
    throw new PageFailure(
      "no_text",
      `${page.url} is a PDF without a text layer (images only); it has no text to analyze`,
    );
  }
  const { info, xmp } = content;
  const title = titleOf(info, xmp);
  const author = cleanAuthor(xmpText(xmp, "dc:creator") ?? infoText(info, "Author"));
  const publishedDate =
    isoDate(xmpText(xmp, "xmp:createdate")) ?? pdfDate(pdfjs, infoText(info, "CreationDate"));
  const language = primaryLanguage(infoText(info, "Language") ?? xmpText(xmp, "dc:language"));
  const description = clean(infoText(info, "Subject") ?? xmpText(xmp, "dc:description"));
  const keywords = [infoText(info, "Keywords"), xmpText(xmp, "pdf:keywords")].flatMap(
    (value) => value?.split(/[,;]/) ?? [],
  );
  return {
    analysis: {
      url: base.analysis.url,
      id: base.analysis.id,
      title: title ? truncateText(title, MAX_TITLE_LENGTH) : base.analysis.title,
      text: base.analysis.text,
      ...(publishedDate && { publishedDate }),
      ...(author && { author }),
      favicon: base.analysis.favicon,
      extras: base.analysis.extras,
    },
    description: description ? truncateText(description, MAX_DESCRIPTION_LENGTH) : base.description,
    ...(language && { language }),
    keywords: uniqueKeywords(keywords),
    siteName: base.siteName,
    statements: base.statements,
  };
}

async function readPdf(pdfjs: PdfJs, data: Uint8Array, budget: BufferBudget): Promise<PdfContent> {
  const task = pdfjs.getDocument({
    data,
    // Errors only: a damaged file's warnings are not the service's to log.
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    isEvalSupported: false,
    // Text needs no glyph outlines: no font files are looked up or loaded.
    useSystemFonts: false,
    disableFontFace: true,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
  });
  try {
    const document = await task.promise;
    // Metadata that cannot be read leaves the text readable.
    const { info, metadata } = await document.getMetadata().catch(() => ({ info: {}, metadata: null }));
    const text = await readText(document, budget);
    return { text, info: info as Record<string, unknown>, xmp: metadata };
  } finally {
    await task.destroy();
  }
}

/** The text of the pages in order, a blank line between pages, until a bound is reached. */
async function readText(document: PDFDocumentProxy, budget: BufferBudget): Promise<string> {
  const pages: string[] = [];
  let length = 0;
  const last = Math.min(document.numPages, MAX_PDF_PAGES);
  for (let number = 1; number <= last && length < MAX_TEXT_LENGTH && !budget.exceeded; number++) {
    try {
      const page = await document.getPage(number);
      const text = await pageText(page, MAX_TEXT_LENGTH - length);
      page.cleanup();
      pages.push(text);
      length += text.length;
    } catch (error) {
      // A damaged page ends the reading; the pages before it still count.
      if (length === 0) throw error;
      break;
    }
  }
  return pages.join("\n\n");
}

/** A text item as pdf.js gives it (marked-content items have no `str`). */
interface TextItem {
  str: string;
  hasEOL: boolean;
  transform: number[];
  height: number;
}

const isTextItem = (item: unknown): item is TextItem =>
  typeof (item as Partial<TextItem>).str === "string" && Array.isArray((item as Partial<TextItem>).transform);

/** One page's text, lines as pdf.js ends them, a blank line where lines are set far apart. */
async function pageText(page: PDFPageProxy, maxLength: number): Promise<string> {
  const reader = page.streamTextContent().getReader();
  let text = "";
  let lineStart = true;
  let previous: { baseline: number; height: number } | undefined;
  try {
    // The text comes in chunks: a page of millions of items is left once it has given enough.
    while (text.length < maxLength) {
      const chunk = await reader.read();
      if (chunk.done) break;
      for (const item of (chunk.value as { items: unknown[] }).items) {
        if (!isTextItem(item)) continue;
        if (item.str) {
          const baseline = item.transform[5] ?? 0;
          const gap = previous && Math.abs(previous.baseline - baseline);
          if (lineStart && previous && gap && gap > PARAGRAPH_GAP * Math.max(previous.height, item.height)) {
            text += "\n";
          }
          text += item.str;
          lineStart = false;
          previous = { baseline, height: item.height };
        }
        if (item.hasEOL) {
          text += "\n";
          lineStart = true;
        }
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text;
}

/** The failure a reading error stands for. */
function failureOf(url: string, error: unknown, budget: BufferBudget): PageFailure {
  if (error instanceof PageFailure) return error;
  if (budget.exceeded || error instanceof BufferBudgetExceeded) {
    const mib = budget.maxBytes / (1024 * 1024);
    return new PageFailure(
      "page_too_complex",
      `${url} is a PDF that needs more than ${mib} MiB of memory to read`,
    );
  }
  if ((error as { name?: unknown } | null)?.name === "PasswordException") {
    return new PageFailure(
      "unsupported_content_type",
      `${url} is a password-protected PDF; only PDFs that open without a password can be analyzed`,
    );
  }
  const reason = clean(error instanceof Error ? error.message : String(error))?.replace(/\.$/, "");
  return new PageFailure(
    "unsupported_content_type",
    `${url} is not a readable PDF${reason ? ` (${truncateText(reason, 200)})` : ""}`,
  );
}

/**
 * The XMP title unless it is a placeholder or mis-encoded (as the pdf.js viewer decides: Ghostscript
 * writes "Untitled" and broken characters there), else the Info title.
 */
function titleOf(info: Record<string, unknown>, xmp: PdfContent["xmp"]): string | undefined {
  const xmpTitle = clean(xmpText(xmp, "dc:title"));
  if (xmpTitle && xmpTitle !== "Untitled" && !/[\uFFF0-\uFFFF]/.test(xmpTitle)) return xmpTitle;
  return clean(infoText(info, "Title"));
}

function infoText(info: Record<string, unknown>, key: string): string | undefined {
  const value = info[key];
  return typeof value === "string" ? value : undefined;
}

/** An XMP property as text; the items of a list (`dc:creator`) joined by commas. */
function xmpText(xmp: PdfContent["xmp"], name: string): string | undefined {
  const value = xmp?.get(name);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.filter((item) => typeof item === "string").join(", ") || undefined;
  return undefined;
}

/** A PDF date (`D:20240506070809+02'00'`) as ISO 8601. */
function pdfDate(pdfjs: PdfJs, value: string | undefined): string | undefined {
  return value ? isoDate(pdfjs.PDFDateString.toDateObject(value)) : undefined;
}

/** Text as stored text may hold it: no NUL, no lone surrogate (a broken font map can produce both). */
function wellFormed(text: string): string {
  return text.replaceAll("\u0000", "").toWellFormed();
}

/** Whitespace collapsed, well-formed and trimmed; `undefined` for empty text. */
function clean(text: string | undefined): string | undefined {
  const cleaned = text && wellFormed(text).replace(/\s+/g, " ").trim();
  return cleaned || undefined;
}
