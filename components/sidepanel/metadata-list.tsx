import { i18n } from "#i18n";

/** Metadata as a definition list; numbers, booleans and null set in code type, so 42 and "42" differ. */
export function MetadataList({ metadata }: { metadata: Record<string, string | number | boolean | null> }) {
  const entries = Object.entries(metadata);
  if (entries.length === 0) return <p className="detail-muted">{i18n.t("sidepanel.detail.noMetadata")}</p>;
  return (
    <dl className="metadata-list">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{typeof value === "string" ? value : <code>{JSON.stringify(value)}</code>}</dd>
        </div>
      ))}
    </dl>
  );
}
