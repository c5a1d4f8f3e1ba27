import { type Server, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { LIMITS } from "../../lib/api/contract";
import { newId } from "../ids";
import { HttpError } from "./http-error";

/** What Node's HTTP parser calls headers larger than `maxHeaderSize`. */
const HEADER_OVERFLOW = "HPE_HEADER_OVERFLOW";

/**
 * Requests Node refuses before the app sees them (headers over 16 KiB, bytes that are not HTTP) get the
 * contract's error body too; Node's own answers have none. Like Node's default handler, nothing is written
 * to a socket that is closing or already carries a response, and the connection is closed after.
 */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal =
      error.code === HEADER_OVERFLOW
        ? new HttpError(431, `the request headers are larger than ${LIMITS.maxHeaderBytes / 1024} KiB`)
        : new HttpError(400, "the request is not valid HTTP/1.1");
    socket.end(rawResponse(refusal, newId("req")), () => socket.destroy());
  });
}

function rawResponse(refusal: HttpError, requestId: string): string {
  const body = JSON.stringify(refusal.body(requestId));
  return [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${requestId}`,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}
