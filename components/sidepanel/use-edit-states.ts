import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../lib/db/database";
import { type EditStates, editStatesOf } from "../../lib/editing/edit-states";

const NONE: EditStates = new Map();

/**
 * Where each analysis's waiting edits are (pending, rejected, conflict), read live from the outbox: it
 * holds only the edits not yet accepted, a handful, so the library reads it whole.
 */
export function useEditStates(): EditStates {
  return useLiveQuery(async () => editStatesOf(await db.outbox.toArray(), Date.now()), []) ?? NONE;
}
