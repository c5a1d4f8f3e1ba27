import { i18n } from "#i18n";
import type { TargetTab } from "../../lib/browser/active-tab";
import { type LinkProblem, linkProblem, MAX_LINK_LENGTH } from "../../lib/links/link-check";
import { type NonWebPageKind, nonWebPageKind } from "../../lib/links/page-kind";

/**
 * Why the target tab can't be analyzed: no tab; an address the browser hides from extensions (`no_url`:
 * it does so for built-in pages, about:blank, data: URLs and local files); a page that is not a web page,
 * by kind; or an address the contract refuses.
 */
export type TargetProblem = "no_tab" | "no_url" | NonWebPageKind | LinkProblem;

export function targetProblem(tab: TargetTab | undefined): TargetProblem | null {
  if (!tab) return "no_tab";
  if (!tab.url) return "no_url";
  return nonWebPageKind(tab.url) ?? linkProblem(tab.url);
}

export function targetProblemText(problem: TargetProblem): string {
  switch (problem) {
    case "no_tab":
      return i18n.t("popup.target.noTab");
    case "no_url":
      return i18n.t("popup.target.noUrl");
    case "about":
      return i18n.t("popup.target.aboutPage");
    case "data":
      return i18n.t("popup.target.dataUrl");
    case "browser":
      return i18n.t("popup.target.browserPage");
    case "extension":
      return i18n.t("popup.target.extensionPage");
    case "file":
      return i18n.t("popup.target.localFile");
    case "view_source":
      return i18n.t("popup.target.viewSource");
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
  return problem === "no_tab" || problem === "has_userinfo" || problem === "too_long"
    ? targetProblemText(problem)
    : i18n.t("popup.form.blockedTarget");
}
