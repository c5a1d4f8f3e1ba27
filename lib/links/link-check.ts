/** The contract's rules for links: absolute, exactly `https:`, no user-info, at most 2,048 characters. */
export const MAX_LINK_LENGTH = 2048;

export type LinkProblem = "invalid_url" | "not_https" | "has_userinfo" | "too_long";

export const LINK_PROBLEM_MESSAGES: Record<LinkProblem, string> = {
  invalid_url: "must be an absolute URL",
  not_https: "must start with https://",
  has_userinfo: "must not contain a user name or password",
  too_long: `must be at most ${MAX_LINK_LENGTH} characters`,
};

/** Why a link breaks the contract, or `null` when it is acceptable. */
export function linkProblem(link: string): LinkProblem | null {
  if (link.length > MAX_LINK_LENGTH) return "too_long";
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return "invalid_url";
  }
  if (url.protocol !== "https:") return "not_https";
  if (url.username || url.password) return "has_userinfo";
  return null;
}

/**
 * The normalized form used to compare links: lower-case host (the URL parser does it), no fragment,
 * default port dropped (also the parser's doing). Returns `null` for a string that is not a URL.
 */
export function normalizeLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  url.hash = "";
  return url.href;
}

/** Host of a URL without a leading `www.`, or `""` when it is not a URL. */
export function siteOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

export interface SortedLinks {
  /** Distinct https links, normalized, in first-seen order. */
  accepted: string[];
  /** Links refused, with the reason, in first-seen order. */
  rejected: { link: string; problem: LinkProblem }[];
  /** How many links were dropped as duplicates of an accepted one. */
  duplicates: number;
}

/** Keeps the links the contract accepts, normalized and de-duplicated, and reports the others. */
export function sortLinks(links: Iterable<string>): SortedLinks {
  const seen = new Set<string>();
  const result: SortedLinks = { accepted: [], rejected: [], duplicates: 0 };
  for (const raw of links) {
    const link = raw.trim();
    const problem = linkProblem(link);
    if (problem) {
      result.rejected.push({ link, problem });
      continue;
    }
    const normalized = normalizeLink(link) as string;
    if (seen.has(normalized)) {
      result.duplicates++;
      continue;
    }
    seen.add(normalized);
    result.accepted.push(normalized);
  }
  return result;
}
