import { i18n } from "#i18n";
import { threadCredits } from "../../lib/thread/thread-cost";
import { useThread } from "./use-thread";

/**
 * "Whole thread: 4 credits for 4 questions", said beside a turn's own cost (the popup's "Credits used",
 * the detail's "Cost") once the analysis has follow-ups, so the turn's cost is not read as the thread's
 * (the library's row shows the total). Nothing for a single analysis, or when a turn's cost is not known.
 */
export function ThreadTotal({ analysisId }: { analysisId: string }) {
  const turns = useThread(analysisId)?.turns ?? [];
  const total = threadCredits(turns.map((turn) => turn.costCredits));
  if (turns.length < 2 || total === undefined) return null;
  return (
    <span className="thread-total" data-testid="thread-total">
      {i18n.t("thread.totalCost", {
        credits: i18n.t("credits", total),
        questions: i18n.t("sidepanel.library.questions", turns.length),
      })}
    </span>
  );
}
