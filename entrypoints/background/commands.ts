import { browser } from "wxt/browser";
import { toApiError } from "../../lib/api/errors";
import {
  type CommandHandlers,
  type CommandResult,
  isCommandMessage,
  isOwnExtensionPage,
} from "../../lib/messaging/protocol";

/** Answers the pages' commands; refuses anything that is not from this extension's own pages. */
export function setupCommands(handlers: CommandHandlers) {
  const ownOrigin = browser.runtime.getURL("/");
  browser.runtime.onMessage.addListener((message: unknown, sender) => {
    if (!isCommandMessage(message)) return undefined;
    if (!isOwnExtensionPage(sender, browser.runtime.id, ownOrigin)) {
      return Promise.resolve(refused("commands are accepted only from Linklens's own pages"));
    }
    const handler = handlers[message.command] as ((request: unknown) => Promise<unknown>) | undefined;
    if (!handler) return Promise.resolve(refused(`unknown command ${message.command}`));
    return handler(message.request).then(
      (value): CommandResult<never> => ({ ok: true, value: value as never }),
      (error: unknown) => ({ ok: false as const, error: toApiError(error).toJSON() }),
    );
  });
}

function refused(message: string) {
  return { ok: false as const, error: { status: 0, code: "forbidden", message } };
}
