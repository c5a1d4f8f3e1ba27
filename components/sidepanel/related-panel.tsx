import { useEffect, useRef, useState } from "react";
import { i18n } from "#i18n";
import type { PartialAnalysisRecord } from "../../lib/api/contract";
import { isKeyRefused } from "../../lib/api/errors";
import {
  type RelatedForm,
  type RelatedFormProblems,
  relatedParamsFromForm,
  SELECTABLE_FIELDS,
} from "../../lib/library/related-query";
import { CommandError, sendCommand } from "../../lib/messaging/protocol";
import { outsideThread } from "../../lib/thread/outside-thread";
import { commandErrorText } from "../command-error-text";
import { OptionsButton } from "../popup/options-button";
import { useThread } from "../thread/use-thread";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { RelatedFilters } from "./related-filters";
import { RelatedList } from "./related-list";

/**
 * `top`: listed as the analysis opened, the closest few, "More" adding the next few below them;
 * `paged`: one page as "Refine" asked for it, with previous and next.
 */
type Listing =
  | { kind: "busy"; records?: PartialAnalysisRecord[] }
  | {
      kind: "done";
      mode: "top" | "paged";
      records: PartialAnalysisRecord[];
      page: number;
      pageSize: number;
      /** The last request's answer filled its page: there may be more. */
      full: boolean;
      /** The form it was listed with ("More" asks for its next page). */
      query: RelatedForm;
    }
  | { kind: "failed"; message: string; keyRefused?: boolean };

/** How many related analyses show as soon as an analysis opens (and how many "More" adds). */
const TOP_RELATED = 5;

const INITIAL_FORM: RelatedForm = {
  pageNum: "1",
  pageSize: String(TOP_RELATED),
  jsonRows: [],
  metadataRows: [],
  fields: [...SELECTABLE_FIELDS],
};

/**
 * The open analysis's related analyses, listed as it opens: the closest few, with "More". Page size,
 * filters and the fields to fetch fold under "Refine", whose "List related" shows one page at a time.
 * The analysis's own thread is left out: its turns are the conversation above, not related analyses
 * (a page the service filled with them still counts as full, so "More" and "Next" go on past it).
 */
export function RelatedPanel({ analysisId, onOpen }: { analysisId: string; onOpen: (id: string) => void }) {
  const [form, setForm] = useState<RelatedForm>(INITIAL_FORM);
  const [problems, setProblems] = useState<RelatedFormProblems>({});
  const [listing, setListing] = useState<Listing>({ kind: "busy" });
  const [refineOpen, setRefineOpen] = useState(false);
  // Only the latest request's answer is shown (an earlier one may come back after it).
  const latest = useRef(0);

  const list = async (current: RelatedForm, mode: "top" | "paged", before: PartialAnalysisRecord[] = []) => {
    const checked = relatedParamsFromForm(analysisId, current);
    if (!checked.ok) {
      setProblems(checked.problems);
      setRefineOpen(true);
      return;
    }
    setProblems({});
    const request = ++latest.current;
    setListing({ kind: "busy", records: before.length > 0 ? before : undefined });
    try {
      const records = await sendCommand("related.list", checked.params);
      if (request !== latest.current) return;
      const pageSize = checked.params.pageSize ?? TOP_RELATED;
      const known = new Set(before.map((record) => record.analysisId));
      setListing({
        kind: "done",
        mode,
        records: [...before, ...records.filter((record) => !known.has(record.analysisId))],
        page: checked.params.pageNum ?? 1,
        pageSize,
        full: records.length >= pageSize,
        query: current,
      });
    } catch (error) {
      if (request === latest.current) {
        const keyRefused = error instanceof CommandError && isKeyRefused(error.init);
        setListing({ kind: "failed", message: commandErrorText(error), keyRefused });
      }
    }
  };

  // Listed as soon as the analysis opens, without a click.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per analysis, with the initial form
  useEffect(() => {
    void list(INITIAL_FORM, "top");
  }, [analysisId]);

  const goToPage = (page: number) => {
    const next = { ...form, pageNum: String(page) };
    setForm(next);
    void list(next, "paged");
  };

  const more = () => {
    if (listing.kind !== "done") return;
    void list({ ...listing.query, pageNum: String(listing.page + 1) }, "top", listing.records);
  };

  const thread = useThread(analysisId);
  const listed =
    listing.kind === "done" ? listing.records : listing.kind === "busy" ? listing.records : undefined;
  // Until the thread is read, the analysis is taken as its first turn.
  const shown =
    listed &&
    outsideThread(listed, {
      threadId: thread?.threadId ?? analysisId,
      turnIds: thread?.turns.map((turn) => turn.analysisId) ?? [analysisId],
    });
  return (
    <section className="detail-section related" aria-labelledby="related-heading">
      <h3 id="related-heading">{i18n.t("sidepanel.related.heading")}</h3>
      <div role="status" className="related__status">
        {listing.kind === "busy" ? i18n.t("sidepanel.related.listing") : ""}
      </div>
      {listing.kind === "failed" ? (
        <div role="alert">
          <ErrorMessage>{i18n.t("sidepanel.related.failed", { message: listing.message })}</ErrorMessage>
          {listing.keyRefused ? <OptionsButton size="small" /> : null}
        </div>
      ) : null}
      {shown ? (
        <RelatedList
          records={shown}
          page={listing.kind === "done" && listing.mode === "paged" ? listing.page : 1}
          onOpen={onOpen}
        />
      ) : null}
      {listing.kind === "done" && listing.mode === "top" && listing.full ? (
        <div className="related__pager">
          <Button size="small" onClick={more}>
            {i18n.t("sidepanel.related.more")}
          </Button>
        </div>
      ) : null}
      {listing.kind === "done" && listing.mode === "paged" ? (
        <div className="related__pager">
          <Button size="small" disabled={listing.page <= 1} onClick={() => goToPage(listing.page - 1)}>
            {i18n.t("sidepanel.related.previous")}
          </Button>
          <Button size="small" disabled={!listing.full} onClick={() => goToPage(listing.page + 1)}>
            {i18n.t("sidepanel.related.next")}
          </Button>
        </div>
      ) : null}
      <details
        className="related__refine"
        open={refineOpen}
        onToggle={(event) => setRefineOpen(event.currentTarget.open)}
      >
        <summary>
          {i18n.t("sidepanel.related.refine")}
          <span className="related__refine-hint"> {i18n.t("sidepanel.related.refineHint")}</span>
        </summary>
        <RelatedFilters
          form={form}
          onChange={setForm}
          problems={problems}
          busy={listing.kind === "busy"}
          onSubmit={() => void list(form, "paged")}
        />
      </details>
    </section>
  );
}
