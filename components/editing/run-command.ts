import { CommandError } from "../../lib/messaging";

/** A failed command's message, whatever was thrown. */
export function commandErrorMessage(error: unknown): string {
  if (error instanceof CommandError) {
    const { init } = error;
    return init.status > 0 ? `${init.message} (HTTP ${init.status})` : init.message;
  }
  return error instanceof Error ? error.message : String(error);
}
