import { monotonicFactory } from "ulid";

const nextUlid = monotonicFactory();

/** Opaque, time-ordered identifiers: `ana_01J…`, `use_01J…`, `req_01J…`. */
export const newId = (prefix: "ana" | "use" | "req") => `${prefix}_${nextUlid()}`;
