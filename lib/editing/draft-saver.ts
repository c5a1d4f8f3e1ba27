/**
 * A form's draft kept in `storage.local` while it is typed (the popup's form, the side panel's edit): the
 * page holding it can close at any moment, so every change is saved shortly after it is made, a waiting
 * save is written at once when the page hides, and the draft is read back when the page opens again.
 */
import { storage } from "wxt/utils/storage";

export interface DraftStore<T> {
  /** The `storage.local` key it is kept under. */
  key: string;
  /** The pause in typing after which a change is written. */
  delayMs: number;
  /** What it is, for the console when it cannot be read or written ("the popup draft"). */
  name: string;
  /** The draft to start from when the stored one cannot be read; without it, none until one is started. */
  initial?: T;
  /** The stored draft made usable, or `undefined` when none is stored or it is not usable. */
  load(): Promise<T | undefined>;
  store(draft: T): Promise<void>;
  clear(): Promise<void>;
}

/** The draft under `storage.local` key `key`; `coerce` turns what is stored (`null` when nothing) into one. */
export function draftStore<T>(options: {
  key: string;
  delayMs: number;
  name: string;
  initial?: T;
  coerce: (raw: unknown) => T | undefined;
}): DraftStore<T> {
  const { key, delayMs, name, initial, coerce } = options;
  const item = `local:${key}` as const;
  return {
    key,
    delayMs,
    name,
    ...(initial !== undefined && { initial }),
    load: async () => coerce(await storage.getItem<unknown>(item)),
    store: (draft) => storage.setItem(item, draft),
    clear: () => storage.removeItem(item),
  };
}

export interface DraftSaver<T> {
  /** Saves `draft` after a pause in typing (a newer one replaces it). */
  save(draft: T): void;
  /** Writes the waiting draft now (the page is hiding or closing); nothing when none waits. */
  flush(): Promise<void>;
  /** Forgets the waiting draft (it was sent, cancelled or replaced). */
  cancel(): void;
}

/** Debounced: typing writes once per pause, not once per key. A failed write is logged, never thrown. */
export function createDraftSaver<T>(store: Pick<DraftStore<T>, "store" | "delayMs" | "name">): DraftSaver<T> {
  let waiting: T | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const flush = async () => {
    stopTimer();
    const draft = waiting;
    waiting = undefined;
    if (draft === undefined) return;
    try {
      await store.store(draft);
    } catch (error) {
      console.error(`[linklens] could not save ${store.name}`, error);
    }
  };
  return {
    save(draft) {
      waiting = draft;
      stopTimer();
      timer = setTimeout(() => void flush(), store.delayMs);
    },
    flush,
    cancel() {
      stopTimer();
      waiting = undefined;
    },
  };
}

/** The page's window and document, or stand-ins for them. */
export interface Page {
  window: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  document: Pick<EventTarget, "addEventListener" | "removeEventListener"> & {
    readonly visibilityState: DocumentVisibilityState;
  };
}

/**
 * Calls `onHide` when the page is hidden or closed (`pagehide`, or `visibilitychange` to hidden: a popup
 * or a side panel can go at any moment). Returns the function that stops watching.
 */
export function whenPageHides(onHide: () => void, page: Page = { window, document }): () => void {
  const onVisibility = () => {
    if (page.document.visibilityState === "hidden") onHide();
  };
  page.window.addEventListener("pagehide", onHide);
  page.document.addEventListener("visibilitychange", onVisibility);
  return () => {
    page.window.removeEventListener("pagehide", onHide);
    page.document.removeEventListener("visibilitychange", onVisibility);
  };
}
