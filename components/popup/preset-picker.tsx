import { i18n } from "#i18n";
import type { Preset } from "../../lib/settings/settings";
import { Field } from "../ui/field";

export interface PresetPickerProps {
  id: string;
  /** Default first. */
  presets: Preset[];
  defaultPresetId?: string;
  /** The preset the prompt comes from; `undefined` for a prompt of the user's own. */
  value: string | undefined;
  onPick: (preset: Preset | undefined) => void;
}

/** Picks a preset: its prompt, temperature and schema replace the draft's. */
export function PresetPicker({ id, presets, defaultPresetId, value, onPick }: PresetPickerProps) {
  const known = presets.some((preset) => preset.id === value);
  return (
    <Field id={id} label={i18n.t("popup.form.preset")}>
      {(control) => (
        <select
          className="ll-input"
          value={known ? value : ""}
          onChange={(event) => {
            const picked = event.currentTarget.value;
            onPick(presets.find((preset) => preset.id === picked));
          }}
          {...control}
        >
          <option value="">{i18n.t("popup.form.presetCustom")}</option>
          {presets.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.id === defaultPresetId
                ? i18n.t("popup.form.presetDefault", { name: preset.name })
                : preset.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
