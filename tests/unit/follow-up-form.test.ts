// @vitest-environment jsdom
/** The follow-up input: Enter sends, Shift+Enter starts a new line. */
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FollowUpForm } from "../../components/thread/follow-up-form";
import { sendCommand } from "./helpers/fake-protocol";
import { byLabel, enter, pageForEachTest, render, waitForPage } from "./helpers/react-page";

// The worker's side of the command: wxt/browser does not load under jsdom, so the messaging module is
// replaced by one whose sendCommand the tests answer.
vi.mock("../../lib/messaging/protocol", () => import("./helpers/fake-protocol"));

pageForEachTest();
beforeEach(() => sendCommand.mockReset());

async function press(field: HTMLTextAreaElement, shiftKey: boolean): Promise<KeyboardEvent> {
  const event = new KeyboardEvent("keydown", { key: "Enter", shiftKey, bubbles: true, cancelable: true });
  await act(async () => field.dispatchEvent(event));
  return event;
}

describe("the follow-up form", () => {
  it("sends the question on Enter and empties the field; Shift+Enter only starts a new line", async () => {
    const sent = sendCommand.mockResolvedValue({ jobId: "job_1" });
    await render(FollowUpForm, { analysisId: "ana_1" });
    const field = byLabel<HTMLTextAreaElement>("Ask a follow-up");

    await enter(field, "Who paid");
    const newLine = await press(field, true);
    expect(newLine.defaultPrevented).toBe(false);
    expect(sent).not.toHaveBeenCalled();

    await enter(field, "Who paid\nfor it?");
    const send = await press(field, false);
    expect(send.defaultPrevented).toBe(true);
    await waitForPage(() => expect(field.value).toBe(""));
    expect(sent).toHaveBeenCalledExactlyOnceWith("thread.ask", {
      analysisId: "ana_1",
      question: "Who paid\nfor it?",
    });
  });
});
