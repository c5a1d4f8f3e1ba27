/**
 * A client of the service typed by the generated document types (openapi-fetch): query arrays travel as the
 * document says (`style: form`, `explode: false`: `selectFields=a,b`).
 */
import createClient from "openapi-fetch";
import type { paths } from "./openapi-types";

export function createTypedClient(baseUrl: string, apiKey: string) {
  return createClient<paths>({
    baseUrl,
    headers: { "x-api-key": apiKey },
    querySerializer: { array: { style: "form", explode: false } },
  });
}
