import { i18n } from "#i18n";
import { LIMITS } from "../../lib/api/limits";
import { Field } from "./field";

export interface TemperatureFieldProps {
  /** The text of the number box (kept as typed; the slider follows it when it is a number in range). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  id?: string;
  label?: string;
}

const STEP = 0.1;

/** Temperature 0–2: a slider and a number box bound to the same value, both labelled. */
export function TemperatureField({ value, onChange, error, id, label }: TemperatureFieldProps) {
  const numeric = Number(value);
  const sliderValue =
    value.trim() !== "" && Number.isFinite(numeric)
      ? Math.min(LIMITS.maxTemperature, Math.max(LIMITS.minTemperature, numeric))
      : LIMITS.minTemperature;
  return (
    <Field
      id={id}
      label={label ?? i18n.t("temperature.label")}
      hint={i18n.t("temperature.hint")}
      error={error}
    >
      {(control, { labelId }) => (
        <div className="ll-range-row">
          <input
            type="range"
            min={LIMITS.minTemperature}
            max={LIMITS.maxTemperature}
            step={STEP}
            value={sliderValue}
            aria-labelledby={labelId}
            aria-describedby={control["aria-describedby"]}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
          <input
            type="number"
            inputMode="decimal"
            className="ll-input ll-input--number"
            min={LIMITS.minTemperature}
            max={LIMITS.maxTemperature}
            step={STEP}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            {...control}
          />
        </div>
      )}
    </Field>
  );
}
