const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A date (epoch ms or ISO text) as the reader's locale writes it; text that is not a date stays as given. */
export function formatDate(value: string | number, withTime = false): string {
  const time = typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(time)) return String(value);
  return (withTime ? dateTimeFormat : dateFormat).format(time);
}
