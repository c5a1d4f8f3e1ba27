/**
 * The popup's "All tabs in this window" (and, with several tabs selected, "Selected tabs"): the command
 * `tabs.analyze` reads the tabs' addresses and queues them as one job through the job gate, as "links in
 * selection" does, so more than one request's worth waits for the user's yes on the confirm page.
 */
import { i18n } from "#i18n";
import { ApiError } from "../../lib/api/errors";
import type { CommandHandlers, TabsAnalyzeRequest, TabsAnalyzeResult } from "../../lib/messaging/protocol";
import { defaultPreset } from "../../lib/settings/settings";
import { type MenuPresets, presetRequestFields } from "./context-menus/menu-presets";
import type { JobToQueue, QueueOutcome } from "./job-gate";
import { linksOfTabs, type QueryTabs, queryBrowserTabs, tabsInScope } from "./tab-links";

export interface TabsCommandDeps {
  /** The job gate's `queue`. */
  queue: (job: JobToQueue) => Promise<QueueOutcome>;
  readPresets: () => Promise<MenuPresets>;
  queryTabs?: QueryTabs;
  /** Whether the optional `tabs` permission is held (the popup asks for it on the click). */
  hasTabsPermission?: () => Promise<boolean>;
}

function refused(code: string, message: string): ApiError {
  return new ApiError({ status: 0, code, message });
}

export function createTabsCommand(deps: TabsCommandDeps) {
  const queryTabs = deps.queryTabs ?? queryBrowserTabs;

  async function analyzeTabs({ windowId, scope, presetId }: TabsAnalyzeRequest): Promise<TabsAnalyzeResult> {
    const menuPresets = await deps.readPresets();
    const preset =
      presetId === undefined
        ? defaultPreset(menuPresets)
        : menuPresets.presets.find((candidate) => candidate.id === presetId);
    if (!preset) throw refused("preset_gone", i18n.t("tabs.presetGone"));
    if (deps.hasTabsPermission && !(await deps.hasTabsPermission())) {
      throw refused("tabs_permission", i18n.t("tabs.permissionNeeded"));
    }
    const found = linksOfTabs(await tabsInScope(queryTabs, windowId, scope));
    if (found.accepted === 0) throw refused("no_https_tabs", i18n.t("tabs.noneAnalyzable", found.tabs));
    const outcome = await deps.queue({
      request: { links: found.links, ...presetRequestFields(preset) },
      source: "tabs",
      presetName: preset.name,
    });
    return { ...outcome, tabs: found.tabs, links: found.accepted, skipped: found.skipped };
  }

  return { analyzeTabs };
}

export function tabsCommandHandlers(
  command: ReturnType<typeof createTabsCommand>,
): Pick<CommandHandlers, "tabs.analyze"> {
  return { "tabs.analyze": (request) => command.analyzeTabs(request) };
}
