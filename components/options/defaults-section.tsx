import { i18n } from "#i18n";
import { TemperatureField } from "../ui/temperature-field";
import { TextArea } from "../ui/text-area";

export const DEFAULT_PROMPT_ID = "default-prompt";
export const DEFAULT_TEMPERATURE_ID = "default-temperature";

export interface DefaultsSectionProps {
  headingId: string;
  prompt: string;
  temperature: string;
  promptError?: string;
  temperatureError?: string;
  onPromptChange: (value: string) => void;
  onTemperatureChange: (value: string) => void;
}

/** The prompt and temperature an analysis starts with when no preset is chosen. */
export function DefaultsSection(props: DefaultsSectionProps) {
  return (
    <section className="options-section" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>{i18n.t("defaults.title")}</h2>
      <p className="options-section__intro">{i18n.t("defaults.intro")}</p>
      <TextArea
        id={DEFAULT_PROMPT_ID}
        label={i18n.t("defaults.prompt")}
        error={props.promptError}
        rows={3}
        value={props.prompt}
        onChange={(event) => props.onPromptChange(event.currentTarget.value)}
      />
      <TemperatureField
        id={DEFAULT_TEMPERATURE_ID}
        value={props.temperature}
        onChange={props.onTemperatureChange}
        error={props.temperatureError}
      />
    </section>
  );
}
