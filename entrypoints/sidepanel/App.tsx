import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { i18n } from "#i18n";
import { CompareButton } from "../../components/compare/compare-button";
import { CompareForm } from "../../components/compare/compare-form";
import { ComparisonView } from "../../components/compare/comparison-view";
import { useCompareDraft } from "../../components/compare/use-compare-draft";
import { ActionNoticeView } from "../../components/library-actions/action-notice";
import { DetailActions, DetailRemoval } from "../../components/library-actions/detail-actions";
import { LibraryToolbarActions } from "../../components/library-actions/library-toolbar-actions";
import { useLibraryActions } from "../../components/library-actions/use-library-actions";
import { useSelection } from "../../components/library-actions/use-selection";
import { AnalysisDetail } from "../../components/sidepanel/analysis-detail";
import { LibraryView } from "../../components/sidepanel/library-view";
import { type SectionName, SectionNav } from "../../components/sidepanel/section-nav";
import { UsageView } from "../../components/sidepanel/usage-view";
import { useLibraryComparisons } from "../../components/sidepanel/use-library-comparisons";
import { useLibraryEntries } from "../../components/sidepanel/use-library-entries";
import { useLoadMark } from "../../components/sidepanel/use-load-mark";
import { useSidepanelFocus } from "../../components/sidepanel/use-sidepanel-focus";
import { ChangesView } from "../../components/watch/changes-view";

type View =
  | { name: "library" }
  | { name: "usage" }
  | { name: "changes" }
  | { name: "detail"; analysisId: string }
  | { name: "compare"; links?: string }
  | { name: "comparison"; jobId: string };

const LIBRARY: View = { name: "library" };

/** What the detail's Back says: where it returns, the view under it. */
function backLabel(under: View | undefined): string {
  if (under?.name === "comparison") return i18n.t("sidepanel.detail.backToComparison");
  if (under?.name === "detail") return i18n.t("sidepanel.detail.backToAnalysis");
  if (under?.name === "changes") return i18n.t("sidepanel.detail.backToChanges");
  return i18n.t("sidepanel.detail.back");
}

/**
 * The side panel: the library (every cached analysis), an analysis's detail with its related ones, and
 * usage. Views stack: opening an analysis pushes it, Back (or Escape) returns to where it was opened.
 * Export, import and delete (with undo) plug in through `LibraryView.toolbarActions` and
 * `AnalysisDetail.renderActions`; how the last one went shows in one status region under the views.
 */
export function App() {
  const { entries, complete, index } = useLibraryEntries();
  const comparisons = useLibraryComparisons();
  const { focus, clear: clearFocus } = useSidepanelFocus();
  const [stack, setStack] = useState<View[]>([LIBRARY]);
  const view = stack[stack.length - 1] as View;
  // A comparison stays mounted under the analyses opened from it, so Back finds its table as it was.
  const comparison = stack.findLast((each) => each.name === "comparison");
  const openedFrom = useRef<string | undefined>(undefined);
  useLoadMark("ready", entries !== undefined);
  useLoadMark("complete", complete);
  const allIds = useMemo(
    () => (complete ? entries?.map((entry) => entry.analysisId) : undefined),
    [entries, complete],
  );
  const selection = useSelection(allIds);
  const selectedIds = useMemo(() => [...selection.selected], [selection.selected]);
  const actions = useLibraryActions();
  // Links sent from the popup's many tabs or the selection's menu open a new comparison with them.
  useCompareDraft(
    useCallback(({ links }) => setStack([LIBRARY, { name: "compare", links: links.join("\n") }]), []),
  );

  // A job's results were asked for: its one analysis opens at once; several are listed in the library.
  useEffect(() => {
    if (!focus) return;
    if (focus.view === "changes") {
      setStack([{ name: "changes" }]);
      return;
    }
    const [only] = focus.analysisIds;
    setStack(
      focus.analysisIds.length === 1 && only ? [LIBRARY, { name: "detail", analysisId: only }] : [LIBRARY],
    );
  }, [focus]);

  // Back in the library, the keyboard focus returns to the row the detail was opened from (the list
  // lays its rows out again once visible, so it may take a frame or two to be there).
  useEffect(() => {
    const id = openedFrom.current;
    if (view.name !== "library" || !id) return;
    openedFrom.current = undefined;
    let frame = 0;
    const tryFocus = (attempts: number) => {
      const row = document.querySelector<HTMLElement>(`.library-row[data-analysis-id="${CSS.escape(id)}"]`);
      if (row) row.focus();
      else if (attempts > 0) frame = requestAnimationFrame(() => tryFocus(attempts - 1));
      else document.getElementById("library-search")?.focus();
    };
    tryFocus(10);
    return () => cancelAnimationFrame(frame);
  }, [view]);

  const open = (analysisId: string) => {
    if (view.name === "library") openedFrom.current = analysisId;
    setStack((current) => [...current, { name: "detail", analysisId }]);
  };
  const openComparison = (jobId: string) => {
    if (view.name === "library") openedFrom.current = jobId;
    setStack((current) => [...current, { name: "comparison", jobId }]);
  };
  const back = () => setStack((current) => (current.length > 1 ? current.slice(0, -1) : [LIBRARY]));
  // The analysis is gone: back to the library, where the focus goes to Undo (not to its row).
  const leaveDeleted = () => {
    openedFrom.current = undefined;
    setStack([LIBRARY]);
  };
  const showSection = (section: SectionName) =>
    setStack([section === "library" ? LIBRARY : { name: section }]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (
      event.key === "Escape" &&
      view.name !== "library" &&
      view.name !== "usage" &&
      view.name !== "changes" &&
      !event.defaultPrevented
    ) {
      event.preventDefault();
      back();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel leaves the detail view
    <div className="sidepanel" onKeyDown={onKeyDown}>
      <header className="sidepanel__header">
        <h1>{i18n.t("sidepanel.title")}</h1>
        <div className="sidepanel__header-actions">
          <SectionNav
            current={stack[0]?.name === "usage" || stack[0]?.name === "changes" ? stack[0].name : "library"}
            onSelect={showSection}
          />
          <CompareButton onClick={() => setStack((current) => [...current, { name: "compare" }])} />
        </div>
      </header>
      <main className="sidepanel__main">
        <div hidden={view.name !== "library"} className="sidepanel__library">
          <LibraryView
            entries={entries}
            complete={complete}
            index={index}
            focus={focus}
            onClearFocus={clearFocus}
            onOpen={open}
            comparisons={comparisons}
            onOpenComparison={openComparison}
            selection={selection}
            toolbarActions={
              <LibraryToolbarActions
                selectedIds={selectedIds}
                total={entries?.length ?? 0}
                actions={actions}
              />
            }
          />
        </div>
        {view.name === "detail" ? (
          <AnalysisDetail
            key={view.analysisId}
            analysisId={view.analysisId}
            onBack={back}
            backLabel={backLabel(stack.at(-2))}
            onOpen={open}
            renderActions={(record) => <DetailActions record={record} actions={actions} />}
            renderRemoval={(record) => (
              <DetailRemoval record={record} actions={actions} onDeleted={leaveDeleted} />
            )}
          />
        ) : null}
        {view.name === "usage" ? <UsageView /> : null}
        {view.name === "changes" ? (
          <ChangesView onOpenAnalysis={open} onOpenComparison={openComparison} />
        ) : null}
        {view.name === "compare" ? (
          <CompareForm
            key={view.links}
            initialLinks={view.links}
            onCancel={back}
            onStarted={(jobId) => setStack([LIBRARY, { name: "comparison", jobId }])}
          />
        ) : null}
        {comparison?.name === "comparison" ? (
          <ComparisonView
            key={comparison.jobId}
            jobId={comparison.jobId}
            shown={view === comparison}
            onBack={back}
            onOpen={open}
            onDelete={async (analysisIds, jobIds) => {
              const result = await actions.deleteAnalyses(analysisIds, jobIds);
              if (result?.undoToken) leaveDeleted();
            }}
          />
        ) : null}
      </main>
      <ActionNoticeView
        notice={actions.notice}
        onUndo={(undoToken) => void actions.undoDelete(undoToken)}
        onDismiss={actions.dismiss}
      />
    </div>
  );
}
