/**
 * The Markdown export: one `##` section per analysis (title linked to the page, site, dates, metadata,
 * the generated text, and the JSON in a fenced block). For reading and sharing; JSON is the lossless one.
 * A follow-up's thread keys are said in words (its question and thread), never listed as metadata.
 */
import type { CachedAnalysis } from "../db/schema";
import { relevanceShown } from "../format/relevance";
import { safeHref } from "../links/safe-link";
import { isFollowUp, promptOf, threadIdOf, userMetadata } from "../thread/thread-metadata";

export interface MarkdownExportOptions {
  /** Epoch ms of the export; default now. */
  now?: number;
}

export function exportMarkdown(rows: readonly CachedAnalysis[], options: MarkdownExportOptions = {}): string {
  const exportedAt = new Date(options.now ?? Date.now()).toISOString();
  const count = rows.length === 1 ? "1 analysis" : `${rows.length} analyses`;
  const head = `# Linklens export\n\nExported ${exportedAt}, ${count}.\n`;
  return [head, ...rows.map(sectionOf)].join("\n");
}

function sectionOf(row: CachedAnalysis): string {
  const analysis = row.analysis ?? {};
  const title = escapeInline(analysis.title?.trim() || analysis.url || row.analysisId);
  const href = analysis.url ? safeHref(analysis.url) : null;
  const lines = [`## ${href ? `[${title}](<${href}>)` : title}`, ""];

  const facts: [string, string | undefined][] = [
    ["Site", row.host || undefined],
    ["Author", analysis.author],
    ["Published", analysis.publishedDate],
    ["Question", isFollowUp(row) ? promptOf(row) : undefined],
    ["Follow-up in the thread of", isFollowUp(row) ? threadIdOf(row) : undefined],
    ["Relevance", relevanceText(analysis.score, promptOf(row))],
    ["Created", row.createdAt],
    ["Updated", row.updatedAt],
    ["Analysis id", row.analysisId],
  ];
  for (const [label, value] of facts) {
    if (value !== undefined && value !== "") lines.push(`- ${label}: ${escapeInline(value)}`);
  }
  if (row.partial) lines.push("- Only some fields of this analysis were loaded.");
  if (row.pending) lines.push("- Holds an edit not yet saved to the service.");

  const metadata = Object.entries(userMetadata(row.metadata)).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  if (metadata.length > 0) {
    lines.push("", "### Metadata", "");
    for (const [key, value] of metadata)
      lines.push(`- ${escapeInline(key)}: ${codeSpan(JSON.stringify(value))}`);
  }
  if (row.textContent !== undefined && row.textContent.trim() !== "") {
    lines.push("", "### Text", "", row.textContent.trim());
  }
  if (row.jsonContent !== undefined) {
    lines.push("", "### JSON", "", ...fenced(JSON.stringify(row.jsonContent, null, 2), "json"));
  }
  return `${lines.join("\n")}\n`;
}

function relevanceText(score: number | undefined, prompt: string | undefined): string | undefined {
  const shown = relevanceShown(score, prompt);
  if (shown?.kind === "notAQuestion") return "only for questions (this prompt is not one)";
  return shown?.text;
}

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fenced(text: string, language: string): string[] {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return [`${fence}${language}`, text, fence];
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/**
 * Page text inside a heading or list item: on one line, with the characters that mean something inline
 * escaped (a `<href>` destination never holds `<` or `>`: the URL parser percent-encodes them).
 */
export function escapeInline(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").replace(/[\\`*_[\]<>&~|]/g, (char) => `\\${char}`);
}
