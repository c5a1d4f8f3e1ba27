/**
 * What a prompt template needs from the page itself (the selection and its meta tags), read by a function
 * run in the tab with `scripting.executeScript`: it must stay self-contained (it is serialized), and it
 * sends nothing but these strings back.
 */
import { LIMITS } from "../api/limits";
import type { TemplateValues } from "./prompt-template";

export type PageValues = Pick<TemplateValues, "selection" | "meta">;

/** A selection past the prompt's own limit could never be sent; the filled prompt's length is checked later. */
const MAX_SELECTION_LENGTH = LIMITS.maxPromptLength;
const MAX_META_LENGTH = 2_000;
const MAX_META_TAGS = 200;

/** Runs in the page. */
function readPageValuesInPage(maxSelection: number, maxLength: number, maxTags: number): PageValues {
  const meta: Record<string, string> = {};
  const tags = document.querySelectorAll("meta[content]");
  for (let i = 0; i < tags.length && i < maxTags; i++) {
    const tag = tags[i] as HTMLMetaElement;
    const name = (tag.getAttribute("name") ?? tag.getAttribute("property") ?? "").trim().toLowerCase();
    if (name && !(name in meta)) meta[name] = (tag.getAttribute("content") ?? "").trim().slice(0, maxLength);
  }
  const selection = (globalThis.getSelection?.()?.toString() ?? "").trim().slice(0, maxSelection);
  return { selection, meta };
}

/** The tab's selection and meta tags; empty when the page cannot be scripted (e.g. the store, a PDF viewer). */
export async function readPageValues(tabId: number): Promise<PageValues> {
  try {
    const [injection] = await browser.scripting.executeScript({
      target: { tabId },
      func: readPageValuesInPage,
      args: [MAX_SELECTION_LENGTH, MAX_META_LENGTH, MAX_META_TAGS],
    });
    const result = injection?.result as PageValues | undefined;
    return result && typeof result.selection === "string" ? result : { selection: "", meta: {} };
  } catch {
    return { selection: "", meta: {} };
  }
}
