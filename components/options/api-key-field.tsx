import { useState } from "react";
import { i18n } from "#i18n";
import { Button } from "../ui/button";
import { TextInput } from "../ui/text-input";

export interface ApiKeyFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The API key, masked unless the user presses "Show key". */
export function ApiKeyField({ id, value, onChange, error }: ApiKeyFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      id={id}
      label={i18n.t("connection.apiKey")}
      hint={i18n.t("connection.apiKeyHint")}
      error={error}
      type={visible ? "text" : "password"}
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      className="api-key"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      after={
        <Button aria-pressed={visible} aria-controls={id} onClick={() => setVisible((shown) => !shown)}>
          {i18n.t("connection.showKey")}
        </Button>
      }
    />
  );
}
