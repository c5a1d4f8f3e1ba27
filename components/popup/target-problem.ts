import { i18n } from "#i18n";
import type { TargetTab } from "../../lib/browser/active-tab";
import { type LinkProblem, linkProblem, MAX_LINK_LENGTH } from "../../lib/links/link-check";

/** Why the target tab can't be analyzed: no tab, an address Linklens can't read, or one the contract refuses. */
export type TargetProblem = "no_tab" | "no_url" | LinkProblem;

export function targetProblem(tab: TargetTab | undefined): TargetProblem | null {
  if (!tab) return "no_tab";
  if (!tab.url) return "no_url";
  return linkProblem(tab.url);
}

export function targetProblemText(problem: TargetProblem): string {
  switch (problem) {
    case "no_tab":
      return i18n.t("popup.target.noTab");
    case "no_url":
      return i18n.t("popup.target.noUrl");
    case "not_https":
    case "invalid_url":
      return i18n.t("popup.target.notHttps");
    case "has_userinfo":
      return i18n.t("popup.target.badUrl", { reason: i18n.t("popup.target.userinfo") });
    case "too_long":
      return i18n.t("popup.target.badUrl", {
        reason: i18n.t("popup.target.tooLong", { max: MAX_LINK_LENGTH }),
      });
  }
}

/** The reason shown next to the disabled Analyze button. */
export function blockedByTargetText(problem: TargetProblem): string {
  return problem === "not_https" || problem === "invalid_url"
    ? i18n.t("popup.form.blockedTarget")
    : targetProblemText(problem);
}
