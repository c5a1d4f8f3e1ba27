import { i18n } from "#i18n";
import type { TargetTab } from "../../lib/browser/active-tab";
import { safeHref } from "../../lib/links/safe-link";
import { hideBrokenImage } from "../hide-broken-image";
import { type TargetProblem, targetProblemText } from "./target-problem";

const TARGET_PROBLEM_ID = "target-problem";

/** The page the popup will analyze, or why it can't. */
export function TargetSummary({
  tab,
  problem,
}: {
  tab: TargetTab | undefined;
  problem: TargetProblem | null;
}) {
  const favicon = tab?.favIconUrl ? safeHref(tab.favIconUrl) : null;
  return (
    <section className="target" aria-labelledby="target-heading">
      <h2 id="target-heading" className="ll-visually-hidden">
        {i18n.t("popup.target.heading")}
      </h2>
      {tab?.url && !problem ? (
        <p className="target__page">
          {favicon ? (
            <img
              className="target__favicon"
              src={favicon}
              alt=""
              width={16}
              height={16}
              onError={hideBrokenImage}
            />
          ) : null}
          <span className="target__text">
            {tab.title ? <span className="target__title">{tab.title}</span> : null}
            <span className="target__url">{tab.url}</span>
          </span>
        </p>
      ) : null}
      {problem ? (
        <div id={TARGET_PROBLEM_ID} className="ll-notice ll-notice--warning target__problem">
          <p>
            <strong>{targetProblemText(problem)}</strong>
          </p>
          {tab?.url ? (
            <p className="target__url">{i18n.t("popup.target.thisTab", { url: tab.url })}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
