import { z } from "zod";
import { LIMITS } from "./api/contract";

/** The local reference service `npm start` runs. */
export const DEFAULT_BASE_URL = "http://127.0.0.1:8787";

/** Where a service may live: https anywhere, http only on this machine. */
export const BaseUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        if (url.protocol === "https:") return true;
        return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
      } catch {
        return false;
      }
    },
    { message: "must be an https:// address (http:// only for localhost or 127.0.0.1)" },
  );

export const Settings = z.object({
  baseUrl: BaseUrl,
  apiKey: z.string(),
  defaultPrompt: z.string().max(LIMITS.maxPromptLength),
  defaultTemperature: z.number().min(LIMITS.minTemperature).max(LIMITS.maxTemperature),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: DEFAULT_BASE_URL,
  apiKey: "",
  defaultPrompt: "Summarize this page in a few sentences.",
  defaultTemperature: 0,
};
