import { i18n } from "#i18n";
import { JsonSchemaEditor } from "../json-schema-editor";
import { Button } from "../ui/button";
import { TemperatureField } from "../ui/temperature-field";
import { TextArea } from "../ui/text-area";
import { TextInput } from "../ui/text-input";
import { useSchemaCheck } from "../use-schema-check";
import { type FieldErrors, type PresetDraft, presetControlId, presetFieldKey } from "./settings-form";

export interface PresetItemProps {
  preset: PresetDraft;
  index: number;
  count: number;
  isDefault: boolean;
  expanded: boolean;
  errors: FieldErrors;
  onChange: (patch: Partial<PresetDraft>) => void;
  onToggle: () => void;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}

/** Element ids of a preset's buttons, so the list can put the focus back after a move or a delete. */
export function presetButtonId(id: string, button: "edit" | "up" | "down" | "delete"): string {
  return `preset-${id}-${button}`;
}

/** One preset: its name and actions, and (when open) its prompt, temperature and schema. */
export function PresetItem(props: PresetItemProps) {
  const { preset, index, count, isDefault, expanded, errors } = props;
  const id = preset.id;
  const name = preset.name.trim() || i18n.t("presets.untitled");
  const headingId = `preset-${id}-heading`;
  const bodyId = `preset-${id}-body`;
  const error = (field: "name" | "prompt" | "temperature" | "schema") => errors[presetFieldKey(id, field)];
  const hasErrors = (["name", "prompt", "temperature", "schema"] as const).some((field) => error(field));
  const schemaCheck = useSchemaCheck(preset.schemaText, expanded);

  return (
    <li className={isDefault ? "preset preset--default" : "preset"} aria-labelledby={headingId}>
      <div className="preset__head">
        <h3 id={headingId} className="preset__title">
          <span className="preset__position">{index + 1}.</span> {name}
        </h3>
        {isDefault ? <span className="preset__badge">{i18n.t("presets.defaultBadge")}</span> : null}
        {preset.schemaText.trim() ? (
          <span className="preset__badge">{i18n.t("presets.jsonBadge")}</span>
        ) : null}
        {hasErrors && !expanded ? <span className="ll-error">{i18n.t("presets.hasErrors")}</span> : null}
        <div className="preset__actions">
          <label className="preset__default">
            <input
              type="radio"
              name="default-preset"
              checked={isDefault}
              onChange={props.onMakeDefault}
              aria-label={i18n.t("presets.defaultRadioLabel", { name })}
            />
            <span aria-hidden="true">{i18n.t("presets.defaultRadio")}</span>
          </label>
          <Button
            id={presetButtonId(id, "edit")}
            size="small"
            aria-expanded={expanded}
            aria-controls={bodyId}
            aria-label={i18n.t("presets.editLabel", { name })}
            onClick={props.onToggle}
          >
            <span aria-hidden="true" className="preset__chevron">
              {expanded ? "▾" : "▸"}
            </span>
            {i18n.t("presets.edit")}
          </Button>
          <Button
            id={presetButtonId(id, "up")}
            size="small"
            disabled={index === 0}
            aria-label={i18n.t("presets.moveUpLabel", { name })}
            onClick={() => props.onMove(-1)}
          >
            <span aria-hidden="true">↑</span> {i18n.t("presets.moveUp")}
          </Button>
          <Button
            id={presetButtonId(id, "down")}
            size="small"
            disabled={index === count - 1}
            aria-label={i18n.t("presets.moveDownLabel", { name })}
            onClick={() => props.onMove(1)}
          >
            <span aria-hidden="true">↓</span> {i18n.t("presets.moveDown")}
          </Button>
          <Button
            id={presetButtonId(id, "delete")}
            size="small"
            variant="danger"
            aria-label={i18n.t("presets.deleteLabel", { name })}
            onClick={props.onDelete}
          >
            {i18n.t("presets.delete")}
          </Button>
        </div>
      </div>
      <div id={bodyId} className="preset__body" hidden={!expanded}>
        {expanded ? (
          <>
            <TextInput
              id={presetControlId(id, "name")}
              label={i18n.t("presets.name")}
              error={error("name")}
              value={preset.name}
              onChange={(event) => props.onChange({ name: event.currentTarget.value })}
            />
            <TextArea
              id={presetControlId(id, "prompt")}
              label={i18n.t("presets.prompt")}
              error={error("prompt")}
              rows={3}
              value={preset.prompt}
              onChange={(event) => props.onChange({ prompt: event.currentTarget.value })}
            />
            <TemperatureField
              id={presetControlId(id, "temperature")}
              value={preset.temperature}
              error={error("temperature")}
              onChange={(temperature) => props.onChange({ temperature })}
            />
            <JsonSchemaEditor
              id={presetControlId(id, "schema")}
              label={i18n.t("schema.label")}
              hint={i18n.t("schema.hint")}
              value={preset.schemaText}
              check={schemaCheck}
              error={error("schema")}
              onChange={(schemaText) => props.onChange({ schemaText })}
            />
          </>
        ) : null}
      </div>
    </li>
  );
}
