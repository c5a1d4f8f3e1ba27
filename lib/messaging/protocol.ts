/**
 * The one protocol between the extension's pages and its worker. A page sends a command; the worker
 * answers `{ ok: true, value }` or `{ ok: false, error }` (plain data, never a thrown Error).
 */
import { browser } from "wxt/browser";
import type {
  AnalysisRecord,
  Metadata,
  PartialAnalysisRecord,
  RelatedParams,
  ResponseFormat,
} from "../api/contract";
import type { ApiErrorInit } from "../api/errors";
import type { AnalysisPatch, ConflictChoice, JobSource, WatchTarget } from "../db/schema";
import type { ImportSummary } from "../export/import-json";
import type { OpenedLookup, TabLookup } from "../sources/source-steps";
import type { WatchInterval } from "../watch/watch-schedule";

/** `status`: what the service answered (none when unreachable); `not_api`: an address that is no /v1 API. */
export type ConnectionStatus =
  | { state: "ok"; baseUrl: string; status?: number; message?: string }
  | { state: "unauthorized"; baseUrl: string; status?: number; message: string }
  | { state: "unreachable"; baseUrl: string; message: string }
  | { state: "not_api"; baseUrl: string; status: number; message: string }
  | { state: "error"; baseUrl: string; status?: number; message: string };

/** Links are sent as the user gave them: the worker keeps the distinct https ones and records the rest. */
export interface AnalyzeStartRequest {
  links: string[];
  prompt: string;
  temperature?: number;
  metadata?: Metadata;
  responseFormat?: ResponseFormat;
  source: JobSource;
  /** The tab the analysis was started from (the popup finds its job again by it). */
  tabUrl?: string;
  /** The preset the prompt comes from, if any: the library shows and filters analyses by it. */
  presetName?: string;
}

/**
 * A job that waits for the user's yes before anything is queued or sent (the worker asks when a command
 * would queue more links than one request holds); the confirm page shows it.
 */
export interface JobConfirmation {
  confirmationId: string;
  source: JobSource;
  /** The preset whose prompt (and schema) the job uses. */
  presetName: string;
  /** Distinct https links the job would analyze. */
  links: number;
  /** Links found but left out: not https, not usable, or duplicates. */
  skipped: number;
  /** Requests the links are sent in (`LIMITS.maxLinks` links each). */
  requests: number;
  /** 1, or 2 when the job asks for JSON (a response format). */
  creditsPerLink: number;
  /** `links × creditsPerLink`: the cost if every link is analyzed (only analyzed links are charged). */
  worstCaseCredits: number;
}

/** `compare.start`: links (at most 500 distinct https ones), one prompt and schema, shown as one table. */
export interface CompareStartRequest {
  links: string[];
  prompt: string;
  temperature?: number;
  responseFormat?: ResponseFormat;
  /** The schema's name (a preset's, a template's), for the library's row. */
  schemaName?: string;
  presetName?: string;
}

/** `watch.start`: what to watch, how often, and the most it may spend in any seven days. */
export interface WatchStartRequest {
  target: WatchTarget;
  interval: WatchInterval;
  budgetCredits: number;
  notify: boolean;
}

export type WatchUpdateRequest = { watchId: string } & Partial<Omit<WatchStartRequest, "target">>;

/** `tabs.analyze`: the tabs of a window (or its highlighted ones) as one job, with a preset (else the default). */
export interface TabsAnalyzeRequest {
  windowId: number;
  scope: "window" | "highlighted";
  presetId?: string;
}

/** Queued (`jobId`) or waiting for the user's yes (`confirmationId`), with what the tabs gave. */
export type TabsAnalyzeResult = ({ jobId: string } | { confirmationId: string }) & {
  /** Tabs looked at. */
  tabs: number;
  /** Distinct https pages among them: the job's links. */
  links: number;
  /** Tabs left out: not https (chrome://, about:, …), no readable address, or a duplicate. */
  skipped: number;
};

/** `analyses.delete`: analyses, and comparisons (their jobs, with their pages' retries) deleted with them. */
export interface DeleteRequest {
  analysisIds: string[];
  /** Comparisons' job ids: their tables go too, and come back with Undo. */
  jobIds?: string[];
}

/** What `analyses.delete` did; `undoToken` is null when nothing was removed. */
export interface DeleteResult {
  deleted: number;
  undoToken: string | null;
  /** Ids left in the cache because an edit of theirs waits to be sent. */
  keptPending: string[];
}

/** What `analyses.restore` did; `skipped` rows were cached again meanwhile and keep their newer version. */
export interface RestoreResult {
  restored: number;
  skipped: number;
}

/** `sources.highlight`: the passage, as the page's text has it, to highlight in the tab showing the page. */
export interface SourceHighlightRequest {
  /** The tab to look in (the popup's); else the active tab of the last focused window. */
  tabId?: number;
  /** The analyzed page. */
  url: string;
  passage: string;
}

interface Protocol {
  "connection.test": { request: { baseUrl: string; apiKey: string }; response: ConnectionStatus };
  /** Writes a job and starts it; follow it in Dexie (`jobs` by id). Invalid input gives a failed job. */
  "analyze.start": { request: AnalyzeStartRequest; response: { jobId: string } };
  /** A job waiting for the user's answer; fails (`confirmation_gone`) once answered or dropped. */
  "jobConfirmation.get": { request: { confirmationId: string }; response: JobConfirmation };
  /**
   * The answer: yes queues the job (`jobId`), no drops it (`jobId: null`, nothing queued or sent). A
   * second yes fails (`confirmation_gone`) and queues nothing.
   */
  "jobConfirmation.answer": {
    request: { confirmationId: string; confirmed: boolean };
    response: { jobId: string | null };
  };
  /**
   * Analyzes the https tabs of a window (or its highlighted tabs) in one job, through the job gate: more
   * than 20 pages wait for the user's yes. Fails (`no_https_tabs`) when no tab can be analyzed.
   */
  "tabs.analyze": { request: TabsAnalyzeRequest; response: TabsAnalyzeResult };
  /** Stops a queued or running job; `cancelled` is false when it had already ended. */
  "job.cancel": { request: { jobId: string }; response: { cancelled: boolean } };
  /**
   * Asks a follow-up of the thread `analysisId` belongs to (a first answer starts one): a job that
   * analyzes the same link with the earlier turns in its prompt; follow it in Dexie (`jobs` by id).
   */
  "thread.ask": { request: { analysisId: string; question: string }; response: { jobId: string } };
  /**
   * Rebuild thread: restores the thread's turns the service holds (its related list filtered by the
   * thread's metadata key) into the library; `filterIgnored` when the service ignored the filter (then
   * the library alone holds the thread).
   */
  "thread.rebuild": {
    request: { analysisId: string };
    response: { restored: number; turns: number; filterIgnored: boolean };
  };
  /** Queues a failed job that analyzed nothing again (a follow-up's Try again); `queued` false otherwise. */
  "job.retry": { request: { jobId: string }; response: { queued: boolean } };
  /** Marks a failed job (or, without `jobId`, every failed job) as seen: the badge drops its "!". */
  "job.seen": { request: { jobId?: string }; response: { updated: number } };
  /** GET /v1/analyses, cached, answered as the service sent it. */
  "analysis.refresh": { request: { analysisId: string }; response: AnalysisRecord };
  /**
   * Writes an edit to the outbox and shows it on the cached row (`pending`) before sending it with
   * `If-Match: baseUpdatedAt`; follow it in Dexie (`outbox` by `seq`, `analyses` by id).
   */
  "analysis.save": {
    request: { analysisId: string; patch: AnalysisPatch; baseUpdatedAt: string };
    response: { seq: number };
  };
  /** Settles a conflict; `seq` is the edit now on its way, `null` when "theirs" dropped the edits. */
  "outbox.resolve": { request: { seq: number; choice: ConflictChoice }; response: { seq: number | null } };
  /** Drops an edit; the row shows the service's version again (with any other waiting edit). */
  "outbox.discard": { request: { seq: number }; response: { discarded: boolean } };
  /** Sends every waiting or rejected edit now; `due` is how many. */
  "outbox.retryNow": { request: Record<string, never>; response: { due: number } };
  /** Merges a JSON export (parsed) into the cache; an invalid one fails (`invalid_import`) and changes nothing. */
  "analyses.import": { request: { document: unknown }; response: ImportSummary };
  /** Removes analyses from the local cache only (the API has no delete); undo within 10 minutes. */
  "analyses.delete": { request: DeleteRequest; response: DeleteResult };
  /** Undoes a delete (`undo_expired` once its time is over). */
  "analyses.restore": { request: { undoToken: string }; response: RestoreResult };
  /**
   * GET /v1/analyses/related, answered as the service sent it and cached (as partial records when
   * `selectFields` is given; `analysis.refresh` then reads one whole).
   */
  "related.list": { request: RelatedParams; response: PartialAnalysisRecord[] };
  /** Queues a comparison as one job (no confirmation: its form showed the cost); follow it in Dexie. */
  "compare.start": { request: CompareStartRequest; response: { jobId: string } };
  /** Analyzes one page of comparison `jobId` again; its row shows the new result. */
  "compare.retry": { request: { jobId: string; link: string }; response: { jobId: string } };
  /** Watches an analysis's page or a comparison (lib/watch): its first run is an interval from now. */
  "watch.start": { request: WatchStartRequest; response: { watchId: string } };
  /** Changes a watch's interval, budget or notification; a watch that stopped starts again. */
  "watch.update": { request: WatchUpdateRequest; response: { watchId: string } };
  "watch.stop": { request: { watchId: string }; response: { stopped: boolean } };
  /** Marks a run's changes (every run's, without `runId`) as seen: the badge stops counting them. */
  "watch.seen": { request: { runId?: string }; response: { updated: number } };
  /**
   * A source in the open page: highlights the passage in the tab when it shows the page (one script run,
   * on the click); false when the tab shows another page or cannot be scripted (the clicked page then opens
   * the page at the passage's text fragment itself, components/sources/sourced-answer.tsx).
   */
  "sources.highlight": { request: SourceHighlightRequest; response: { lookup: TabLookup } };
  /**
   * Opens the page in a new tab and looks for the passage there once it has loaded (a passage not known to be
   * on the page): highlighted, not there, or the page may not be read (no host permission).
   */
  "sources.openAndLook": { request: { url: string; passage: string }; response: { lookup: OpenedLookup } };
  /** The open tab's text, read on the click; fails (`page_not_open`) when the tab shows another page. */
  "page.readText": { request: { tabId?: number; url: string }; response: { text: string } };
}

export type CommandName = keyof Protocol;
export type CommandRequest<K extends CommandName> = Protocol[K]["request"];
export type CommandResponse<K extends CommandName> = Protocol[K]["response"];

export interface CommandMessage<K extends CommandName = CommandName> {
  linklens: 1;
  command: K;
  request: CommandRequest<K>;
}

export type CommandResult<K extends CommandName> =
  | { ok: true; value: CommandResponse<K> }
  | { ok: false; error: ApiErrorInit };

export type CommandHandlers = {
  [K in CommandName]: (request: CommandRequest<K>) => Promise<CommandResponse<K>>;
};

export class CommandError extends Error {
  constructor(readonly init: ApiErrorInit) {
    super(init.message);
    this.name = "CommandError";
  }
}

/** Sends a command to the worker and returns its answer, or throws `CommandError`. */
export async function sendCommand<K extends CommandName>(
  command: K,
  request: CommandRequest<K>,
): Promise<CommandResponse<K>> {
  const message: CommandMessage<K> = { linklens: 1, command, request };
  const result = (await browser.runtime.sendMessage(message)) as CommandResult<K> | undefined;
  if (!result)
    throw new CommandError({
      status: 0,
      code: "no_answer",
      message: "the extension's worker did not answer",
    });
  if (!result.ok) throw new CommandError(result.error);
  return result.value;
}

export function isCommandMessage(message: unknown): message is CommandMessage {
  return typeof message === "object" && message !== null && (message as CommandMessage).linklens === 1;
}

/** Only this extension's own pages may command the worker: not content scripts, not other extensions, not web pages. */
export function isOwnExtensionPage(
  sender: { id?: string; url?: string; tab?: unknown },
  ownId: string,
  ownOrigin: string,
): boolean {
  if (sender.id !== ownId || !sender.url) return false;
  return sender.url.startsWith(ownOrigin);
}
