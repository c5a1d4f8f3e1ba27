/**
 * A preset's prompt template filled from the tab a menu click or the shortcut acted on, before its job is
 * queued: the tab's title and address, the selection (the click's, else the page's) and the page's meta
 * tags (read with `scripting.executeScript`; the click or the shortcut grants `activeTab` there). A
 * template with a problem starts nothing: the error says why, and the menu's handler tells the user.
 */
import { i18n } from "#i18n";
import { fillTemplate, hasTemplate } from "../../lib/templates/prompt-template";
import { type PageValues, readPageValues } from "../../lib/templates/read-page-values";

export interface TemplateTab {
  id?: number;
  url?: string;
  title?: string;
}

/** `preset` with its prompt filled from `tab`; the preset itself when its prompt uses no `{{…}}`. */
export async function fillPresetPrompt<P extends { name: string; prompt: string }>(
  preset: P,
  tab: TemplateTab | undefined,
  selectionText?: string,
  readValues: (tabId: number) => Promise<PageValues> = readPageValues,
  now: Date = new Date(),
): Promise<P> {
  if (!hasTemplate(preset.prompt)) return preset;
  const page = tab?.id === undefined ? { selection: "", meta: {} } : await readValues(tab.id);
  const filled = fillTemplate(preset.prompt, {
    title: tab?.title ?? "",
    url: tab?.url ?? "",
    selection: selectionText?.trim() || page.selection,
    meta: page.meta,
    now,
  });
  if (!filled.ok) {
    throw new Error(
      i18n.t("contextMenus.templateProblem", {
        preset: preset.name,
        problems: filled.problems.map((problem) => problem.message).join("; "),
      }),
    );
  }
  return { ...preset, prompt: filled.prompt.trim() };
}
