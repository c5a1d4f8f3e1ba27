import "./compare.css";
import { useLiveQuery } from "dexie-react-hooks";
import { type FormEvent, useMemo, useState } from "react";
import { i18n } from "#i18n";
import { estimateCredits } from "../../lib/compare/cost-estimate";
import { MAX_COMPARE_LINKS, parseLinkList } from "../../lib/compare/link-list";
import { db } from "../../lib/db/database";
import { sendCommand } from "../../lib/messaging/protocol";
import { commandErrorText } from "../command-error-text";
import { JsonSchemaEditor } from "../json-schema-editor";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { TextArea } from "../ui/text-area";
import { TextInput } from "../ui/text-input";
import { useSchemaCheck } from "../use-schema-check";

export interface CompareFormProps {
  /** Links to start with (from the selection's links or the window's tabs), one a line. */
  initialLinks?: string;
  onStarted: (jobId: string) => void;
  onCancel: () => void;
}

/**
 * A new comparison: links pasted as any text, a prompt and a JSON Schema (a preset's, or written here),
 * and what it will cost before anything is sent. Sending is the user's yes: the worker queues it at once.
 */
export function CompareForm({ initialLinks = "", onStarted, onCancel }: CompareFormProps) {
  const [linksText, setLinksText] = useState(initialLinks);
  const [prompt, setPrompt] = useState("");
  const [schemaText, setSchemaText] = useState("");
  const [schemaName, setSchemaName] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const presets = useLiveQuery(() => db.presets.orderBy("order").toArray(), []);
  const history = useLiveQuery(() => db.jobs.where("status").equals("done").toArray(), []);
  const list = useMemo(() => parseLinkList(linksText), [linksText]);
  const check = useSchemaCheck(schemaText, schemaText.trim() !== "");
  const schema = check?.state === "ok" ? check.schema : undefined;
  const withSchema = schemaText.trim() !== "";
  const credits = estimateCredits(list.links.length, history ?? [], withSchema);
  const ready = list.links.length > 0 && prompt.trim() !== "" && (!withSchema || schema !== undefined);

  const applyPreset = (id: string) => {
    const preset = presets?.find((each) => each.id === id);
    if (!preset) return;
    setPrompt(preset.prompt);
    setSchemaText(preset.schema ? JSON.stringify(preset.schema, null, 2) : "");
    setSchemaName(preset.name);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const { jobId } = await sendCommand("compare.start", {
        links: list.links,
        prompt: prompt.trim(),
        ...(schema && { responseFormat: { type: "json_schema", json_schema: { schema } } }),
        ...(schemaName.trim() && { schemaName: schemaName.trim() }),
      });
      onStarted(jobId);
    } catch (failure) {
      setError(commandErrorText(failure));
      setBusy(false);
    }
  };

  return (
    <form
      className="compare-form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="compare-form-title"
    >
      <div className="compare-form__head">
        <Button size="small" onClick={onCancel}>
          {i18n.t("compare.back")}
        </Button>
        <h2 id="compare-form-title">{i18n.t("compare.newTitle")}</h2>
      </div>
      <TextArea
        id="compare-links"
        code
        rows={6}
        label={i18n.t("compare.links")}
        hint={i18n.t("compare.linksHint", { max: MAX_COMPARE_LINKS })}
        value={linksText}
        onChange={(event) => setLinksText(event.currentTarget.value)}
      />
      <p className="compare-form__count" role="status">
        {i18n.t("compare.pages", list.links.length, { count: list.links.length })}
        {list.duplicates > 0
          ? ` ${i18n.t("compare.duplicates", list.duplicates, { count: list.duplicates })}`
          : ""}
        {list.overLimit > 0
          ? ` ${i18n.t("compare.overLimit", { count: list.overLimit, max: MAX_COMPARE_LINKS })}`
          : ""}
      </p>
      {list.leftOut.length > 0 ? (
        <div className="compare-form__left-out">
          <p>{i18n.t("compare.leftOut", list.leftOut.length, { count: list.leftOut.length })}</p>
          <ul>
            {list.leftOut.slice(0, 20).map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same line may be left out twice
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {presets && presets.length > 0 ? (
        <label className="compare-form__preset">
          {i18n.t("compare.preset")}{" "}
          <select defaultValue="" onChange={(event) => applyPreset(event.currentTarget.value)}>
            <option value="">{i18n.t("compare.noPreset")}</option>
            {presets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <TextArea
        id="compare-prompt"
        rows={3}
        label={i18n.t("compare.prompt")}
        value={prompt}
        onChange={(event) => setPrompt(event.currentTarget.value)}
      />
      <JsonSchemaEditor id="compare-schema" value={schemaText} onChange={setSchemaText} check={check} />
      <TextInput
        id="compare-schema-name"
        label={i18n.t("compare.schemaName")}
        value={schemaName}
        onChange={(event) => setSchemaName(event.currentTarget.value)}
      />
      <p className="compare-form__cost">{i18n.t("compare.cost", credits, { count: credits })}</p>
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
      <Button type="submit" variant="primary" disabled={!ready || busy}>
        {i18n.t("compare.start", list.links.length, { count: list.links.length })}
      </Button>
    </form>
  );
}
