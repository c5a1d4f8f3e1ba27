import { useEffect, useState } from "react";

/** What a change did, so a list with more state (the default preset) can follow it. */
type OrderedListChange<T> = { kind: "moved" } | { kind: "removed"; item: T } | { kind: "restored"; item: T };

type ItemButton = "up" | "down" | "delete";

export interface OrderedListOptions<T extends { id: string }> {
  items: T[];
  onChange: (items: T[], change: OrderedListChange<T>) => void;
  /** The item's name as the announcements say it. */
  labelOf: (item: T) => string;
  buttonId: (id: string, button: ItemButton) => string;
  undoId: string;
  announce: {
    moved: (label: string, position: number, count: number) => string;
    deleted: (label: string) => string;
    restored: (label: string) => string;
  };
}

/**
 * An ordered list of the options page (presets, site rules): move up and down, delete with undo, each
 * change announced to screen readers and the focus kept where the keyboard user expects it.
 */
export function useOrderedList<T extends { id: string }>(options: OrderedListOptions<T>) {
  const { items, onChange, labelOf, buttonId, announce } = options;
  const [deleted, setDeleted] = useState<{ item: T; index: number } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  // Moves the focus once the list has re-rendered (a moved button, a new item's first field, Undo).
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(focusTarget);
    if (element instanceof HTMLInputElement) element.select();
    element?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const move = (index: number, direction: -1 | 1) => {
    const target = index + direction;
    const item = items[index];
    if (!item || target < 0 || target >= items.length) return;
    const next = [...items];
    next.splice(index, 1);
    next.splice(target, 0, item);
    onChange(next, { kind: "moved" });
    // At an edge the button pressed disappears: the focus goes to the other one.
    const atEdge = target === 0 || target === items.length - 1;
    const button = atEdge ? (direction === -1 ? "down" : "up") : direction === -1 ? "up" : "down";
    setFocusTarget(buttonId(item.id, button));
    setAnnouncement(announce.moved(labelOf(item), target + 1, items.length));
  };

  const remove = (index: number) => {
    const item = items[index];
    if (!item) return;
    onChange(
      items.filter((_, i) => i !== index),
      { kind: "removed", item },
    );
    setDeleted({ item, index });
    setAnnouncement(announce.deleted(labelOf(item)));
    setFocusTarget(options.undoId);
  };

  const undo = () => {
    if (!deleted) return;
    const next = [...items];
    next.splice(Math.min(deleted.index, next.length), 0, deleted.item);
    onChange(next, { kind: "restored", item: deleted.item });
    setDeleted(null);
    setAnnouncement(announce.restored(labelOf(deleted.item)));
    setFocusTarget(buttonId(deleted.item.id, "delete"));
  };

  const dismiss = (focusId: string) => {
    setDeleted(null);
    setFocusTarget(focusId);
  };

  return { deleted: deleted?.item ?? null, announcement, move, remove, undo, dismiss, focus: setFocusTarget };
}
