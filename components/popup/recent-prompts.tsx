import { i18n } from "#i18n";
import { Field } from "../ui/field";

const SHOWN_LENGTH = 70;

function shortened(prompt: string): string {
  const line = prompt.replace(/\s+/g, " ").trim();
  return line.length > SHOWN_LENGTH ? `${line.slice(0, SHOWN_LENGTH - 1)}…` : line;
}

/** The last prompts used, newest first; picking one puts it back in the prompt box. */
export function RecentPrompts({
  id,
  prompts,
  onPick,
}: {
  id: string;
  prompts: string[];
  onPick: (prompt: string) => void;
}) {
  return (
    <Field id={id} label={i18n.t("popup.form.recent")}>
      {(control) => (
        <select
          className="ll-input"
          value=""
          onChange={(event) => {
            const index = Number(event.currentTarget.value);
            const prompt = prompts[index];
            if (prompt !== undefined) onPick(prompt);
          }}
          {...control}
        >
          <option value="" disabled>
            {i18n.t("popup.form.recentChoose")}
          </option>
          {prompts.map((prompt, index) => (
            <option key={prompt} value={index} title={prompt}>
              {shortened(prompt)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
