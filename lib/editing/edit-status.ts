/**
 * What an analysis's waiting edits come to, for the status line: the first edit (the head of the chain)
 * decides, since the others wait behind it.
 */
import type { ApiErrorInit } from "../api/errors";
import type { OutboxEntry } from "../db/schema";

export type EditStatus =
  | { kind: "none" }
  /** A request is out, or the edit is due and about to be sent. */
  | { kind: "saving"; head: OutboxEntry; count: number }
  /** The service was unreachable or busy: the edit is retried at `retryAt`. */
  | { kind: "waiting"; head: OutboxEntry; count: number; retryAt: number; error?: ApiErrorInit }
  | { kind: "rejected"; head: OutboxEntry; count: number; error?: ApiErrorInit }
  | { kind: "conflict"; head: OutboxEntry; count: number };

/** `entries`: the analysis's outbox entries in any order. */
export function editStatusOf(entries: readonly OutboxEntry[], now: number): EditStatus {
  const chain = [...entries].sort((a, b) => a.seq - b.seq);
  const head = chain[0];
  if (!head) return { kind: "none" };
  const count = chain.length;
  switch (head.state) {
    case "sending":
      return { kind: "saving", head, count };
    case "conflict":
      return { kind: "conflict", head, count };
    case "rejected":
      return { kind: "rejected", head, count, error: head.lastError };
    case "pending":
      return head.nextAttemptAt > now && head.lastError
        ? { kind: "waiting", head, count, retryAt: head.nextAttemptAt, error: head.lastError }
        : { kind: "saving", head, count };
  }
}
