import { i18n } from "#i18n";
import type { TargetTab } from "../../lib/browser/active-tab";
import { siteOf } from "../../lib/links/link-check";
import { Favicon } from "../favicon";
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
  return (
    <section className="target" aria-labelledby="target-heading">
      <h2 id="target-heading" className="ll-visually-hidden">
        {i18n.t("popup.target.heading")}
      </h2>
      {tab?.url && !problem ? (
        <p className="target__page">
          <Favicon url={tab.favIconUrl} site={siteOf(tab.url)} className="target__favicon" size={16} />
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
