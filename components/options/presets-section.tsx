import { useRef } from "react";
import { i18n } from "#i18n";
import { MAX_PRESETS } from "../../lib/settings/settings";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { PresetItem, presetButtonId } from "./preset-item";
import { type FieldErrors, type PresetDraft, presetControlId } from "./settings-form";
import { UndoNotice } from "./undo-notice";
import { useOrderedList } from "./use-ordered-list";

const ADD_PRESET_ID = "preset-add";
const UNDO_ID = "preset-undo";

export interface PresetsSectionProps {
  headingId: string;
  presets: PresetDraft[];
  defaultPresetId?: string;
  errors: FieldErrors;
  expanded: ReadonlySet<string>;
  onExpand: (id: string, expanded: boolean) => void;
  onChange: (presets: PresetDraft[], defaultPresetId: string | undefined) => void;
  /** What a new preset starts with. */
  newPreset: () => PresetDraft;
}

/** The prompt presets: add, edit, rename, reorder with buttons, choose the default, delete with undo. */
export function PresetsSection(props: PresetsSectionProps) {
  const { presets, defaultPresetId, errors } = props;
  // Undo gives the default back to a preset that was the default when it was deleted.
  const deletedDefault = useRef(false);
  const nameOf = (preset: PresetDraft) => preset.name.trim() || i18n.t("presets.untitled");
  const list = useOrderedList({
    items: presets,
    onChange: (next, change) => {
      if (change.kind === "removed") {
        deletedDefault.current = change.item.id === defaultPresetId;
        props.onChange(next, deletedDefault.current ? next[0]?.id : defaultPresetId);
      } else if (change.kind === "restored") {
        const restoreDefault = deletedDefault.current || next.length === 1;
        props.onChange(next, restoreDefault ? change.item.id : defaultPresetId);
      } else props.onChange(next, defaultPresetId);
    },
    labelOf: nameOf,
    buttonId: presetButtonId,
    undoId: UNDO_ID,
    announce: {
      moved: (name, position, count) => i18n.t("presets.moved", { name, position, count }),
      deleted: (name) => i18n.t("presets.deleted", { name }),
      restored: (name) => i18n.t("presets.restored", { name }),
    },
  });

  const update = (id: string, patch: Partial<PresetDraft>) =>
    props.onChange(
      presets.map((preset) => (preset.id === id ? { ...preset, ...patch } : preset)),
      defaultPresetId,
    );

  const add = () => {
    if (presets.length >= MAX_PRESETS) return;
    const preset = props.newPreset();
    props.onChange([...presets, preset], defaultPresetId ?? preset.id);
    props.onExpand(preset.id, true);
    list.focus(presetControlId(preset.id, "name"));
  };

  return (
    <section className="options-section" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>{i18n.t("presets.title")}</h2>
      <p className="options-section__intro">{i18n.t("presets.intro")}</p>
      {errors.presets ? <ErrorMessage>{errors.presets}</ErrorMessage> : null}
      {errors.defaultPresetId ? <ErrorMessage>{errors.defaultPresetId}</ErrorMessage> : null}
      {presets.length === 0 ? <p className="presets__empty">{i18n.t("presets.empty")}</p> : null}
      <ol className="presets" aria-label={i18n.t("presets.listLabel")}>
        {presets.map((preset, index) => (
          <PresetItem
            key={preset.id}
            preset={preset}
            index={index}
            count={presets.length}
            isDefault={preset.id === defaultPresetId}
            expanded={props.expanded.has(preset.id)}
            errors={errors}
            onChange={(patch) => update(preset.id, patch)}
            onToggle={() => props.onExpand(preset.id, !props.expanded.has(preset.id))}
            onMove={(direction) => list.move(index, direction)}
            onDelete={() => list.remove(index)}
            onMakeDefault={() => props.onChange(presets, preset.id)}
          />
        ))}
      </ol>
      {list.deleted ? (
        <UndoNotice
          message={i18n.t("presets.deleted", { name: nameOf(list.deleted) })}
          undoId={UNDO_ID}
          dismissLabel={i18n.t("presets.dismissLabel")}
          onUndo={list.undo}
          onDismiss={() => list.dismiss(ADD_PRESET_ID)}
        />
      ) : null}
      <div className="presets__footer">
        <Button id={ADD_PRESET_ID} onClick={add} disabled={presets.length >= MAX_PRESETS}>
          <span aria-hidden="true">+</span> {i18n.t("presets.add")}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="ll-visually-hidden">
        {list.announcement}
      </p>
    </section>
  );
}
