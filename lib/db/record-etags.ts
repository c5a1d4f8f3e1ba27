/**
 * The `ETag` a service gave for a version of a record, kept per analysis so that an edit of that version
 * can be sent with `If-Match`. The seed has no ETag: one is kept only when the service sent it, with the
 * `updatedAt` of the version it names, and used only for an edit made against that very version.
 */
export interface RecordEtag {
  updatedAt: string;
  etag: string;
}

export interface RecordEtags {
  /** The ETag of the version of `analysisId` last seen, if the service gave one. */
  get(analysisId: string): Promise<RecordEtag | undefined>;
  /** A version was seen with this ETag, or with none (then the one kept for an older version goes). */
  remember(record: { analysisId: string; updatedAt: string }, etag: string | undefined): Promise<void>;
}

/** At most this many records keep an ETag; the ones seen longest ago go first. */
const MAX_KEPT_ETAGS = 2_000;

type Kept = Record<string, RecordEtag>;

/** A store over any async key-value item (storage.local in the extension). */
export function recordEtagStore(item: {
  getValue(): Promise<Kept>;
  setValue(value: Kept): Promise<void>;
}): RecordEtags {
  // One change at a time: two answers landing together must not drop each other's ETag.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    get: (analysisId) => serially(async () => (await item.getValue())[analysisId]),
    remember: ({ analysisId, updatedAt }, etag) =>
      serially(async () => {
        const kept = { ...(await item.getValue()) };
        if (etag === undefined && kept[analysisId] === undefined) return;
        delete kept[analysisId];
        if (etag !== undefined) kept[analysisId] = { updatedAt, etag };
        const ids = Object.keys(kept);
        for (const id of ids.slice(0, Math.max(0, ids.length - MAX_KEPT_ETAGS))) delete kept[id];
        await item.setValue(kept);
      }),
  };
}
