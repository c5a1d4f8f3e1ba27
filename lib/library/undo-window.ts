/** How long a delete can be undone: the worker keeps the deleted rows this long, the pages offer Undo as long. */
export const UNDO_WINDOW_MS = 10 * 60_000;
