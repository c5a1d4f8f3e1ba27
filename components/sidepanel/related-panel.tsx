import { useState } from "react";
import { i18n } from "#i18n";
import type { PartialAnalysisRecord } from "../../lib/api/contract";
import {
  type RelatedForm,
  type RelatedFormProblems,
  relatedParamsFromForm,
  SELECTABLE_FIELDS,
} from "../../lib/library/related-query";
import { sendCommand } from "../../lib/messaging/protocol";
import { commandErrorText } from "../command-error-text";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { RelatedFilters } from "./related-filters";
import { RelatedList } from "./related-list";

type Listing =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; records: PartialAnalysisRecord[]; page: number; pageSize: number }
  | { kind: "failed"; message: string };

const INITIAL_FORM: RelatedForm = {
  pageNum: "1",
  pageSize: "10",
  jsonRows: [],
  metadataRows: [],
  fields: [...SELECTABLE_FIELDS],
};

/** The open analysis's related analyses: the controls, one page of results, previous and next. */
export function RelatedPanel({ analysisId, onOpen }: { analysisId: string; onOpen: (id: string) => void }) {
  const [form, setForm] = useState<RelatedForm>(INITIAL_FORM);
  const [problems, setProblems] = useState<RelatedFormProblems>({});
  const [listing, setListing] = useState<Listing>({ kind: "idle" });

  const list = async (current: RelatedForm) => {
    const checked = relatedParamsFromForm(analysisId, current);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setListing({ kind: "busy" });
    try {
      const records = await sendCommand("related.list", checked.params);
      setListing({
        kind: "done",
        records,
        page: checked.params.pageNum ?? 1,
        pageSize: checked.params.pageSize ?? 10,
      });
    } catch (error) {
      setListing({ kind: "failed", message: commandErrorText(error) });
    }
  };

  const goToPage = (page: number) => {
    const next = { ...form, pageNum: String(page) };
    setForm(next);
    void list(next);
  };

  return (
    <section className="detail-section related" aria-labelledby="related-heading">
      <h3 id="related-heading">{i18n.t("sidepanel.related.heading")}</h3>
      <RelatedFilters
        form={form}
        onChange={setForm}
        problems={problems}
        busy={listing.kind === "busy"}
        onSubmit={() => void list(form)}
      />
      <div role="status" className="related__status">
        {listing.kind === "busy" ? i18n.t("sidepanel.related.listing") : ""}
      </div>
      {listing.kind === "idle" ? (
        <p className="detail-muted">{i18n.t("sidepanel.related.notListed")}</p>
      ) : null}
      {listing.kind === "failed" ? (
        <div role="alert">
          <ErrorMessage>{i18n.t("sidepanel.related.failed", { message: listing.message })}</ErrorMessage>
        </div>
      ) : null}
      {listing.kind === "done" ? (
        <>
          <RelatedList records={listing.records} page={listing.page} onOpen={onOpen} />
          <div className="related__pager">
            <Button size="small" disabled={listing.page <= 1} onClick={() => goToPage(listing.page - 1)}>
              {i18n.t("sidepanel.related.previous")}
            </Button>
            <Button
              size="small"
              disabled={listing.records.length < listing.pageSize}
              onClick={() => goToPage(listing.page + 1)}
            >
              {i18n.t("sidepanel.related.next")}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
