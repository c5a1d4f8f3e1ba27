import { useEffect, useState } from "react";
import { i18n } from "#i18n";
import { MAX_PRESETS } from "../../lib/settings/settings";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { PresetItem, presetButtonId } from "./preset-item";
import { type FieldErrors, type PresetDraft, presetControlId } from "./settings-form";

export const ADD_PRESET_ID = "preset-add";
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

interface Deleted {
  preset: PresetDraft;
  index: number;
  wasDefault: boolean;
}

/** The prompt presets: add, edit, rename, reorder with buttons, choose the default, delete with undo. */
export function PresetsSection(props: PresetsSectionProps) {
  const { presets, defaultPresetId, errors } = props;
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  // Moves the focus once the list has re-rendered (a moved button, a new preset's name, the undo button).
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(focusTarget);
    if (element instanceof HTMLInputElement) element.select();
    element?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const nameOf = (preset: PresetDraft) => preset.name.trim() || i18n.t("presets.untitled");

  const update = (id: string, patch: Partial<PresetDraft>) =>
    props.onChange(
      presets.map((preset) => (preset.id === id ? { ...preset, ...patch } : preset)),
      defaultPresetId,
    );

  const move = (index: number, direction: -1 | 1) => {
    const target = index + direction;
    const preset = presets[index];
    if (!preset || target < 0 || target >= presets.length) return;
    const next = [...presets];
    next.splice(index, 1);
    next.splice(target, 0, preset);
    props.onChange(next, defaultPresetId);
    const atEdge = target === 0 || target === presets.length - 1;
    const button = atEdge ? (direction === -1 ? "down" : "up") : direction === -1 ? "up" : "down";
    setFocusTarget(presetButtonId(preset.id, button));
    setAnnouncement(
      i18n.t("presets.moved", { name: nameOf(preset), position: target + 1, count: presets.length }),
    );
  };

  const remove = (index: number) => {
    const preset = presets[index];
    if (!preset) return;
    const next = presets.filter((_, i) => i !== index);
    const wasDefault = preset.id === defaultPresetId;
    props.onChange(next, wasDefault ? next[0]?.id : defaultPresetId);
    setDeleted({ preset, index, wasDefault });
    setAnnouncement(i18n.t("presets.deleted", { name: nameOf(preset) }));
    setFocusTarget(UNDO_ID);
  };

  const undo = () => {
    if (!deleted) return;
    const next = [...presets];
    next.splice(Math.min(deleted.index, next.length), 0, deleted.preset);
    props.onChange(next, deleted.wasDefault || next.length === 1 ? deleted.preset.id : defaultPresetId);
    setDeleted(null);
    setAnnouncement(i18n.t("presets.restored", { name: nameOf(deleted.preset) }));
    setFocusTarget(presetButtonId(deleted.preset.id, "delete"));
  };

  const add = () => {
    if (presets.length >= MAX_PRESETS) return;
    const preset = props.newPreset();
    props.onChange([...presets, preset], defaultPresetId ?? preset.id);
    props.onExpand(preset.id, true);
    setFocusTarget(presetControlId(preset.id, "name"));
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
            onMove={(direction) => move(index, direction)}
            onDelete={() => remove(index)}
            onMakeDefault={() => props.onChange(presets, preset.id)}
          />
        ))}
      </ol>
      {deleted ? (
        <div className="ll-notice ll-notice--warning presets__undo">
          <span>{i18n.t("presets.deleted", { name: nameOf(deleted.preset) })}</span>
          <Button id={UNDO_ID} size="small" onClick={undo}>
            {i18n.t("presets.undo")}
          </Button>
          <Button
            size="small"
            aria-label={i18n.t("presets.dismissLabel")}
            onClick={() => {
              setDeleted(null);
              setFocusTarget(ADD_PRESET_ID);
            }}
          >
            {i18n.t("presets.dismiss")}
          </Button>
        </div>
      ) : null}
      <div className="presets__footer">
        <Button id={ADD_PRESET_ID} onClick={add} disabled={presets.length >= MAX_PRESETS}>
          <span aria-hidden="true">+</span> {i18n.t("presets.add")}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="ll-visually-hidden">
        {announcement}
      </p>
    </section>
  );
}
