/**
 * The page text a service returned with an analysis (`analysis.text`), and whether the service says it is
 * the page's own. The seed does not say what `text` holds: a service may put its own description of the
 * page there, whose sentences are nowhere on the page. Ours says so (`extras.textSource`, PAGE_TEXT_SOURCE);
 * any other text is matched against the live page before a passage of it is claimed to be on the page.
 */
import { type AnalysisObject, PAGE_TEXT_SOURCE } from "../api/contract";

export interface ServicePageText {
  text: string;
  /** The service says `text` is the page's own text: its passages are on the page. */
  isThePage: boolean;
}

/** `analysis.text` with what the service says it is; undefined when there is none. */
export function servicePageText(analysis: AnalysisObject | undefined): ServicePageText | undefined {
  const text = analysis?.text;
  if (!text?.trim()) return undefined;
  return { text, isThePage: analysis?.extras?.textSource === PAGE_TEXT_SOURCE };
}
