/**
 * The UI's side of the messaging protocol for jsdom tests (wxt/browser does not load under jsdom):
 * `vi.mock("../../lib/messaging/protocol", () => import("./helpers/fake-protocol"))`, then the test answers
 * `sendCommand` itself, as the worker would.
 */
import { vi } from "vitest";

export const sendCommand = vi.fn();

/** The protocol's error, with the same shape: what a refused command throws. */
export class CommandError extends Error {
  constructor(readonly init: { status: number; code: string; message: string }) {
    super(init.message);
    this.name = "CommandError";
  }
}
