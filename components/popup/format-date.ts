const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A date as the reader's locale writes it, or the text as given when it is not a date. */
export function formatDate(value: string, withTime = false): string {
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return value;
  return (withTime ? dateTimeFormat : dateFormat).format(time);
}
