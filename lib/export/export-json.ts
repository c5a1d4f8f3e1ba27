/**
 * The JSON export: a versioned document holding cached analyses as the service sent them (plus the
 * local fields a re-import needs), so importing it back reproduces the cache. Its schema is built from
 * the contract's record schemas.
 */
import { z } from "zod";
import { AnalysisRecord, Metadata, PartialAnalysisRecord, ResponseFormat } from "../api/contract";
import { EDITABLE_FIELDS, serverFieldsOf } from "../db/records";
import type { CachedAnalysis, UsageRow, WatchRow } from "../db/schema";
import { WATCH_INTERVALS } from "../watch/watch-schedule";

export const EXPORT_FORMAT = "linklens-export";
const EXPORT_VERSION = 1;

const Instant = z.string().refine((value) => Number.isFinite(Date.parse(value)), {
  message: "must be an ISO 8601 timestamp",
});
const EpochMs = z.number().int().nonnegative();

/**
 * What this browser knew of the job that made an analysis (`origin`): the prompt (a follow-up's
 * question), the preset and the credits it cost, so a thread imported elsewhere keeps its questions and
 * its total.
 */
const ExportedOrigin = z.object({
  jobId: z.string(),
  prompt: z.string(),
  presetName: z.string().optional(),
  costCredits: z.number().nonnegative().optional(),
});

/** Local fields carried along: `partial` (only some fields are known), `cachedAt` (epoch ms), `origin`. */
const localFields = { cachedAt: EpochMs.optional(), origin: ExportedOrigin.optional() };

const ExportedFullAnalysis = AnalysisRecord.extend({
  createdAt: Instant,
  updatedAt: Instant,
  partial: z.literal(false).optional(),
  ...localFields,
});

const ExportedPartialAnalysis = PartialAnalysisRecord.extend({
  createdAt: Instant.optional(),
  updatedAt: Instant.optional(),
  partial: z.literal(true),
  ...localFields,
});

export const ExportedAnalysis = z.discriminatedUnion(
  "partial",
  [ExportedPartialAnalysis, ExportedFullAnalysis],
  {
    error: (issue) => (issue.code === "invalid_union" ? "partial must be true, false or absent" : undefined),
  },
);
export type ExportedAnalysis = z.infer<typeof ExportedAnalysis>;

const ExportedUsage = z.object({
  usageId: z.string().min(1),
  costCredits: z.number().nonnegative(),
  links: z.array(z.string()),
  createdAt: EpochMs,
  jobId: z.string().optional(),
});

/** A watch (lib/watch) as its owner set it up; a run under way is not carried (it belongs to this browser). */
const ExportedWatch = z.object({
  id: z.string().min(1),
  target: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("analysis"), analysisId: z.string().min(1) }),
    z.object({ kind: z.literal("comparison"), jobId: z.string().min(1) }),
  ]),
  title: z.string(),
  request: z.object({
    links: z.array(z.string()).min(1),
    prompt: z.string(),
    temperature: z.number().optional(),
    metadata: Metadata.optional(),
    responseFormat: ResponseFormat.optional(),
  }),
  presetName: z.string().optional(),
  interval: z.enum(WATCH_INTERVALS),
  budgetCredits: z.number().int().min(1),
  notify: z.boolean(),
  createdAt: EpochMs,
  lastRunAt: EpochMs.optional(),
  latest: z.record(z.string(), z.string()),
  stopped: z.object({ reason: z.enum(["budget", "credits", "gone"]), at: EpochMs }).optional(),
});

/** An id appears once: a second row with it is an error at that row. */
function uniqueBy<K extends string>(list: string, key: K) {
  return (items: readonly Record<K, string>[], ctx: z.RefinementCtx) => {
    const first = new Map<string, number>();
    items.forEach((item, index) => {
      const earlier = first.get(item[key]);
      if (earlier === undefined) first.set(item[key], index);
      else ctx.addIssue({ code: "custom", path: [index, key], message: `duplicates ${list}.${earlier}` });
    });
  };
}

export const ExportDocument = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: Instant,
    analyses: z.array(ExportedAnalysis).superRefine(uniqueBy("analyses", "analysisId")),
    usage: z.array(ExportedUsage).superRefine(uniqueBy("usage", "usageId")).optional(),
    watches: z.array(ExportedWatch).superRefine(uniqueBy("watches", "id")).optional(),
  })
  .meta({ id: "LinklensExport" });
export type ExportDocument = z.infer<typeof ExportDocument>;

export interface ExportOptions {
  usage?: readonly UsageRow[];
  watches?: readonly WatchRow[];
  /** Epoch ms of the export; default now. */
  now?: number;
}

/**
 * One cached row as exported: the server's fields, `partial` when only some are known, `cachedAt`. A row
 * with an edit not yet sent is exported as the service has it (its `updatedAt` is the service's): the
 * edit is not on any service, so an import elsewhere must not present it as saved.
 */
function exportedAnalysisOf(row: CachedAnalysis): ExportedAnalysis {
  const fields = serverFieldsOf(row);
  if (row.pending) {
    for (const key of EDITABLE_FIELDS) delete fields[key];
    Object.assign(fields, row.serverValues);
  }
  return {
    ...fields,
    ...(row.partial === true && { partial: true }),
    cachedAt: row.cachedAt,
    ...(row.origin && { origin: row.origin }),
  } as ExportedAnalysis;
}

function exportedWatchOf({ runningJobId: _running, ...watch }: WatchRow): z.infer<typeof ExportedWatch> {
  return watch;
}

export function buildExportDocument(
  rows: readonly CachedAnalysis[],
  options: ExportOptions = {},
): ExportDocument {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(options.now ?? Date.now()).toISOString(),
    analyses: rows.map(exportedAnalysisOf),
    ...(options.usage && { usage: options.usage.map((row) => ({ ...row })) }),
    ...(options.watches && { watches: options.watches.map(exportedWatchOf) }),
  };
}

/** The export as file text (indented, so it diffs and reads well). */
export function exportJson(rows: readonly CachedAnalysis[], options: ExportOptions = {}): string {
  return `${JSON.stringify(buildExportDocument(rows, options), null, 2)}\n`;
}
