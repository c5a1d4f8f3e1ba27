/**
 * Importing a JSON export: reading the file, validating it with the export schema, and planning how it
 * merges into the cache (by `analysisId`, the newer `updatedAt` wins). Pure functions: the worker reads
 * the cache, plans, and writes the plan's rows in one transaction.
 */
import type { z } from "zod";
import type { AnalysisObject, ErrorDetail } from "../api/contract";
import { isOlder, LOCAL_FIELDS, localFieldsOf, serverFieldsOf, withoutUndefined } from "../db/records";
import type { CachedAnalysis, UsageRow, WatchRow } from "../db/schema";
import { type JsonSyntaxReason, parseJsonText } from "../json/json-text";
import {
  type ExportDocument,
  ExportDocument as ExportDocumentSchema,
  type ExportedAnalysis,
} from "./export-json";

/** `path` is dotted into the document, e.g. `analyses.3.updatedAt` (`""` for the document itself). */
type ImportIssue = ErrorDetail;

type ImportProblem =
  | { kind: "not_json"; message: string }
  | { kind: "invalid"; message: string; issues: ImportIssue[] };

export type ImportCheck = { ok: true; document: ExportDocument } | { ok: false; problem: ImportProblem };

/**
 * The largest file an import reads (checked before reading it): the page holds the whole text and its
 * parse, and sends the document to the worker in one message, which Chrome caps at 64 MiB.
 */
export const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;

/** How many issues the readable message names; the rest are counted. */
const ISSUES_IN_MESSAGE = 3;

const SYNTAX_REASONS: Record<JsonSyntaxReason, string> = {
  unexpected_end: "the text ends too early",
  expected_value: "a value was expected",
  expected_property_name: "a property name in double quotes was expected",
  expected_colon: "a colon was expected",
  expected_comma_or_brace: "a comma or } was expected",
  expected_comma_or_bracket: "a comma or ] was expected",
  expected_end: "unexpected text after the end",
  bad_string: "a string is not valid",
  bad_number: "a number is not valid",
};

/** Reads an import file's text: JSON, then the export schema. */
export function parseImportText(text: string): ImportCheck {
  const parsed = parseJsonText(text.replace(/^\uFEFF/, ""));
  if (!parsed.ok) {
    const { reason, line, column } = parsed.error;
    return {
      ok: false,
      problem: {
        kind: "not_json",
        message: `not a JSON file: ${SYNTAX_REASONS[reason]} (line ${line}, column ${column})`,
      },
    };
  }
  return checkImportDocument(parsed.value);
}

/** Validates an already parsed document against the export schema. */
export function checkImportDocument(value: unknown): ImportCheck {
  const formatProblem = formatProblemOf(value);
  if (formatProblem) return { ok: false, problem: { kind: "invalid", message: formatProblem, issues: [] } };
  const result = ExportDocumentSchema.safeParse(value);
  if (result.success) return { ok: true, document: result.data };
  const issues = issuesOf(result.error);
  return { ok: false, problem: { kind: "invalid", message: describeIssues(issues), issues } };
}

/** A clear word for a file that is not a Linklens export at all, before listing schema paths. */
function formatProblemOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "not a Linklens export: the file must hold a JSON object";
  }
  const { format, version } = value as { format?: unknown; version?: unknown };
  if (format !== "linklens-export") return 'not a Linklens export: "format" must be "linklens-export"';
  if (typeof version === "number" && version > 1) {
    return `this export is version ${version}; this Linklens reads version 1: update the extension`;
  }
  return undefined;
}

function issuesOf(error: z.ZodError): ImportIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

function describeIssues(issues: readonly ImportIssue[]): string {
  const named = issues
    .slice(0, ISSUES_IN_MESSAGE)
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
  const more = issues.length - named.length;
  return `not a valid Linklens export: ${named.join("; ")}${more > 0 ? ` (and ${more} more)` : ""}`;
}

// ---------------------------------------------------------------------------------------------------
// Merge plan

type SkipReason = "not_newer" | "pending";

export interface ImportPlan {
  /** Rows to write: new ones, then updated ones. */
  added: CachedAnalysis[];
  updated: CachedAnalysis[];
  skipped: { analysisId: string; reason: SkipReason }[];
  usage: { added: UsageRow[]; skipped: number };
  /** Watches this browser does not have yet (one it has is kept as it is). */
  watches: { added: WatchRow[]; skipped: number };
}

export interface PlanInput {
  document: ExportDocument;
  /** The cached rows of the document's analyses (absent ids are simply not there). */
  cached: ReadonlyMap<string, CachedAnalysis>;
  /** Ids with an edit waiting in the outbox: never overwritten. */
  pendingIds: ReadonlySet<string>;
  /** Watch ids already stored. */
  knownWatchIds?: ReadonlySet<string>;
  /** Usage ids already stored. */
  knownUsageIds: ReadonlySet<string>;
  /** Epoch ms used as `cachedAt` for an imported row that carries none. */
  now: number;
}

/**
 * Rules, per analysis: not cached → added; pending edit → skipped; incoming `updatedAt` newer →
 * updated; the same `updatedAt` but the cache knows only some fields and the import all → updated
 * (completes it); otherwise skipped. A partial import only adds or replaces the fields it carries.
 */
export function planImport(input: PlanInput): ImportPlan {
  const { document, cached, pendingIds, knownUsageIds, now } = input;
  const plan: ImportPlan = {
    added: [],
    updated: [],
    skipped: [],
    usage: { added: [], skipped: 0 },
    watches: { added: [], skipped: 0 },
  };
  for (const incoming of document.analyses) {
    const id = incoming.analysisId;
    const current = cached.get(id);
    if (!current) plan.added.push(rowOf(incoming, now));
    else if (pendingIds.has(id) || current.pending) plan.skipped.push({ analysisId: id, reason: "pending" });
    else if (replaces(incoming, current)) plan.updated.push(mergedRow(incoming, current, now));
    else plan.skipped.push({ analysisId: id, reason: "not_newer" });
  }
  for (const row of document.usage ?? []) {
    if (knownUsageIds.has(row.usageId)) plan.usage.skipped += 1;
    else plan.usage.added.push({ ...row });
  }
  for (const watch of document.watches ?? []) {
    if (input.knownWatchIds?.has(watch.id)) plan.watches.skipped += 1;
    else plan.watches.added.push({ ...watch });
  }
  return plan;
}

function replaces(incoming: ExportedAnalysis, current: CachedAnalysis): boolean {
  if (!incoming.updatedAt || !current.updatedAt) return false;
  if (isOlder(current.updatedAt, incoming.updatedAt)) return true;
  const same = !isOlder(incoming.updatedAt, current.updatedAt);
  return same && current.partial === true && incoming.partial !== true;
}

/** The cache row an exported analysis becomes; local fields other than `partial` and `cachedAt` are derived. */
function rowOf(incoming: ExportedAnalysis, now: number): CachedAnalysis {
  const fields = withoutUndefined(incoming);
  for (const key of LOCAL_FIELDS) delete fields[key];
  return withOrigin(assemble(fields, incoming.partial === true, incoming.cachedAt ?? now), incoming.origin);
}

/** A row that replaces a cached one is cached now: its `cachedAt` moves, as every cache write moves it. */
function mergedRow(incoming: ExportedAnalysis, current: CachedAnalysis, now: number): CachedAnalysis {
  const partial = incoming.partial === true;
  const fields = partial
    ? { ...serverFieldsOf(current), ...withoutUndefined(incoming) }
    : withoutUndefined(incoming);
  for (const key of LOCAL_FIELDS) delete fields[key];
  return withOrigin(
    assemble(fields, partial && current.partial === true, now),
    current.origin ?? incoming.origin,
  );
}

/** What the job that made it knew (this browser's, else the exporting browser's) stays with the row. */
function withOrigin(row: CachedAnalysis, origin: ExportedAnalysis["origin"]): CachedAnalysis {
  return origin ? { ...row, origin } : row;
}

function assemble(fields: Record<string, unknown>, partial: boolean, cachedAt: number): CachedAnalysis {
  return {
    ...fields,
    ...localFieldsOf(fields.analysis as AnalysisObject | undefined, cachedAt),
    ...(partial && { partial: true }),
  } as CachedAnalysis;
}

/** What an import did, as the worker answers it. */
export interface ImportSummary {
  added: number;
  updated: number;
  /** Not newer than the cached row, or with an edit pending (counted in `skippedPending` too). */
  skipped: number;
  skippedPending: number;
  usage: { added: number; skipped: number };
  watches: { added: number; skipped: number };
}

export function summaryOf(plan: ImportPlan): ImportSummary {
  return {
    added: plan.added.length,
    updated: plan.updated.length,
    skipped: plan.skipped.length,
    skippedPending: plan.skipped.filter((skip) => skip.reason === "pending").length,
    usage: { added: plan.usage.added.length, skipped: plan.usage.skipped },
    watches: { added: plan.watches.added.length, skipped: plan.watches.skipped },
  };
}
