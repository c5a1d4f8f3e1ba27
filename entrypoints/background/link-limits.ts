import { storage } from "wxt/utils/storage";
import { linkLimitStore } from "../../lib/api/limits";

/** The link limits learned per service origin, kept across restarts (storage.local). */
export const learnedLinkLimits = linkLimitStore(
  storage.defineItem<Record<string, number>>("local:learnedLinkLimits", { fallback: {} }),
);
