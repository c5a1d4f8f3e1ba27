import { useCallback, useEffect, useRef, useState } from "react";
import {
  createDraftSaver,
  type DraftSaver,
  type DraftStore,
  whenPageHides,
} from "../lib/editing/draft-saver";

export interface DraftState<T> {
  /** The stored draft has been read (until then there is nothing to edit). */
  loaded: boolean;
  draft: T | undefined;
  /** The draft came back from storage (the page was closed while it was typed). */
  restored: boolean;
  /** Changes the draft (a function gets the latest one); saved after a pause in typing. */
  change: (next: T | ((current: T) => T)) => void;
  /** Starts a new draft, written at once. */
  start: (draft: T) => void;
  /** Ends the draft and forgets the stored one. */
  discard: () => Promise<void>;
}

interface Held<T> {
  key: string | undefined;
  loaded: boolean;
  draft?: T;
  restored: boolean;
}

/**
 * The draft kept by `store`: read when the page opens (`store.initial` when it cannot be read), and again
 * for another `store.key`, never for a new `store` object with the same key (what the user typed is not
 * replaced); saved on every change after `store.delayMs`, and written at once when the page hides or
 * closes, so closing it loses nothing. `store` is `undefined` while it cannot be known yet: nothing loads.
 */
export function useDraft<T>(store: DraftStore<T> | undefined): DraftState<T> {
  const key = store?.key;
  const [held, setHeld] = useState<Held<T>>({ key, loaded: false, restored: false });
  const current = useRef<T | undefined>(undefined);
  const saver = useRef<DraftSaver<T> | undefined>(undefined);
  const latestStore = useRef(store);
  latestStore.current = store;

  const hold = useCallback((next: Held<T>) => {
    current.current = next.draft;
    setHeld(next);
  }, []);

  // Keyed by `key`: a new store object with the same key is the same draft.
  useEffect(() => {
    const opened = latestStore.current;
    if (key === undefined || !opened) return;
    let live = true;
    const keeper = createDraftSaver(opened);
    saver.current = keeper;
    hold({ key, loaded: false, restored: false });
    opened
      .load()
      .then((draft) => ({ draft, restored: draft !== undefined }))
      .catch((error: unknown) => {
        console.error(`[linklens] could not read ${opened.name}`, error);
        return { draft: opened.initial, restored: false };
      })
      .then(({ draft, restored }) => {
        if (live) hold({ key, loaded: true, draft, restored });
      });
    const stopWatching = whenPageHides(() => void keeper.flush());
    return () => {
      live = false;
      stopWatching();
      void keeper.flush();
    };
  }, [key, hold]);

  const change = useCallback((next: T | ((current: T) => T)) => {
    const before = current.current;
    if (before === undefined) return;
    const after = typeof next === "function" ? (next as (current: T) => T)(before) : next;
    if (after === before) return;
    current.current = after;
    setHeld((state) => ({ ...state, draft: after }));
    saver.current?.save(after);
  }, []);

  const start = useCallback((draft: T) => {
    const opened = latestStore.current;
    saver.current?.cancel();
    current.current = draft;
    setHeld((state) => ({ ...state, loaded: true, draft, restored: false }));
    opened
      ?.store(draft)
      .catch((error: unknown) => console.error(`[linklens] could not save ${opened.name}`, error));
  }, []);

  const discard = useCallback(async () => {
    const opened = latestStore.current;
    saver.current?.cancel();
    current.current = undefined;
    setHeld((state) => ({ ...state, draft: undefined, restored: false }));
    try {
      await opened?.clear();
    } catch (error) {
      console.error(`[linklens] could not forget ${opened?.name}`, error);
    }
  }, []);

  // For one render after the key changed, what is held is the former key's draft: it is not shown.
  const matches = held.key === key;
  return {
    loaded: matches && held.loaded,
    draft: matches ? held.draft : undefined,
    restored: matches && held.restored,
    change,
    start,
    discard,
  };
}
