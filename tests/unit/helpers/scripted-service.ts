import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ScriptStep = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Another service, over real HTTP, that made other decisions than ours: it answers each request with
 * the next step of its script (the last step again once the script is done).
 */
export async function startScriptedService(script: ScriptStep[]) {
  let index = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => script[Math.min(index++, script.length - 1)]?.(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many requests it answered (or is answering). */
    requests: () => index,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A step answering `status` with `body` as JSON. */
export const answerJson =
  (status: number, body: unknown, headers: Record<string, string> = {}): ScriptStep =>
  (_request, response) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };

/** A step answering `status` with a body that is not JSON (a proxy's page, say). */
export const answerText =
  (status: number, text: string): ScriptStep =>
  (_request, response) => {
    response.writeHead(status, { "content-type": "text/html" });
    response.end(text);
  };

/** A step that drops the connection without an answer: the client sees a network failure. */
export const dropConnection: ScriptStep = (request) => {
  request.socket.destroy();
};
