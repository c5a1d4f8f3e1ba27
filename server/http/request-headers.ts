/** Request headers a route declares besides `Idempotency-Key` (server/idempotency.ts), for its definition. */
import { z } from "zod";

/** `If-Match` on an update: the `ETag` the edit was made against; any other version answers 412. */
export const IfMatch = z.string().meta({
  // What an HTTP header carries (white space around the value is dropped), as an ETag spells it.
  pattern: "^[\\x21-\\x7e](?:[\\x20-\\x7e]*[\\x21-\\x7e])?$",
  description:
    'The `ETag` of the version the edit was made against (`"<updatedAt>"`, `W/` and quotes optional); when ' +
    "the stored version differs the update is refused with 412 and the current `ETag`.",
});
