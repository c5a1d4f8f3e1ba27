import { i18n } from "#i18n";
import { isKeyRefused } from "../lib/api/errors";
import { CommandError } from "../lib/messaging/protocol";

/** A failed command as one readable line: the service's message, its details, and the HTTP status. */
export function commandErrorText(error: unknown): string {
  if (!(error instanceof CommandError)) return error instanceof Error ? error.message : String(error);
  const { status, message, details } = error.init;
  if (isKeyRefused(error.init)) return i18n.t("sidepanel.keyRefused", { status });
  const detailText = (details ?? [])
    .map((detail) => `${detail.path}: ${detail.message}`)
    .filter((text) => !message.includes(text))
    .join("; ");
  const full = detailText ? `${message} (${detailText})` : message;
  return status > 0 ? i18n.t("sidepanel.errorStatus", { message: full, status }) : full;
}
