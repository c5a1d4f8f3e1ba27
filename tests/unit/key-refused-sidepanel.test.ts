/**
 * A refused key (401 or 403) in the side panel's words: an edit the service refused for the key, and any
 * failed command, say the key was refused and point to the settings (where "Open settings" leads).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { commandErrorText } from "../../components/command-error-text";
import { apiErrorText } from "../../components/editing/problem-messages";
import { CommandError } from "../../lib/messaging/protocol";
import { useEnglishMessages } from "./helpers/english-messages";

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
});

describe("a refused key in the side panel", () => {
  it.each([401, 403])("%i on a rejected edit", (status) => {
    expect(apiErrorText({ status, code: `http_${status}`, message: "Forbidden" })).toBe(
      `The service refused the API key (HTTP ${status}). Open the settings to check the key.`,
    );
  });

  it.each([401, 403])("%i on a failed command", (status) => {
    const error = new CommandError({ status, code: `http_${status}`, message: "Forbidden" });
    expect(commandErrorText(error)).toBe(
      `The service refused the API key (HTTP ${status}). Open the settings to check the key.`,
    );
  });

  it("other statuses keep the service's message with the status", () => {
    expect(apiErrorText({ status: 400, code: "http_400", message: "bad text" })).toBe("bad text (HTTP 400)");
  });
});
