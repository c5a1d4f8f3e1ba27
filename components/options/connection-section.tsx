import { useRef, useState } from "react";
import { i18n } from "#i18n";
import { requestHostPermission } from "../../lib/browser/host-permission";
import { sendCommand } from "../../lib/messaging/protocol";
import { originNeedingPermission } from "../../lib/settings/settings";
import { Button } from "../ui/button";
import { TextInput } from "../ui/text-input";
import { ApiKeyField } from "./api-key-field";
import { ConnectionResult, type ConnectionTest } from "./connection-result";
import { baseUrlError } from "./settings-form";

export const BASE_URL_ID = "base-url";
export const API_KEY_ID = "api-key";

export interface ConnectionSectionProps {
  headingId: string;
  baseUrl: string;
  apiKey: string;
  baseUrlError?: string;
  apiKeyError?: string;
  onBaseUrlChange: (value: string) => void;
  onApiKeyChange: (value: string) => void;
  /** Shows (or clears) the base URL's error, as a blur or a refused test finds it. */
  onBaseUrlChecked: (error: string | undefined) => void;
}

/** Where the service is and the key for it, with a test that uses the values as typed (not yet saved). */
export function ConnectionSection(props: ConnectionSectionProps) {
  const { headingId, baseUrl, apiKey } = props;
  const [test, setTest] = useState<ConnectionTest & { forBaseUrl?: string; forApiKey?: string }>({
    kind: "idle",
  });
  const run = useRef(0);

  // A result speaks only for the values it was obtained with.
  const current: ConnectionTest =
    test.forBaseUrl === baseUrl && test.forApiKey === apiKey ? test : { kind: "idle" };

  const onTest = () => {
    if (current.kind === "testing") return;
    const urlError = baseUrlError(baseUrl);
    props.onBaseUrlChecked(urlError);
    if (urlError) {
      document.getElementById(BASE_URL_ID)?.focus();
      return;
    }
    const url = baseUrl.trim();
    const key = apiKey.trim();
    // Before any await: the permission prompt needs the click's user gesture.
    const permission = requestHostPermission(url);
    const id = ++run.current;
    const tested = { forBaseUrl: baseUrl, forApiKey: apiKey };
    setTest({ kind: "testing", baseUrl: url, ...tested });
    permission
      .then(async (granted): Promise<ConnectionTest> => {
        if (!granted) return { kind: "refused", origin: originNeedingPermission(url) ?? url };
        const status = await sendCommand("connection.test", { baseUrl: url, apiKey: key });
        return { kind: "done", status, keyWasEmpty: key === "" };
      })
      .catch(
        (error: unknown): ConnectionTest => ({
          kind: "failed",
          message: error instanceof Error ? error.message : String(error),
        }),
      )
      .then((outcome) => {
        if (id === run.current) setTest({ ...outcome, ...tested });
      });
  };

  return (
    <section className="options-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{i18n.t("connection.title")}</h2>
      <p className="options-section__intro">{i18n.t("connection.intro")}</p>
      <TextInput
        id={BASE_URL_ID}
        label={i18n.t("connection.baseUrl")}
        hint={i18n.t("connection.baseUrlHint")}
        error={props.baseUrlError}
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        autoCapitalize="off"
        placeholder="https://"
        value={baseUrl}
        onChange={(event) => {
          const value = event.currentTarget.value;
          props.onBaseUrlChange(value);
          if (props.baseUrlError) props.onBaseUrlChecked(baseUrlError(value));
        }}
        onBlur={(event) => props.onBaseUrlChecked(baseUrlError(event.currentTarget.value))}
      />
      <ApiKeyField id={API_KEY_ID} value={apiKey} onChange={props.onApiKeyChange} error={props.apiKeyError} />
      <div className="connection-test">
        <Button
          onClick={onTest}
          aria-disabled={current.kind === "testing" ? true : undefined}
          aria-describedby="connection-test-hint"
        >
          {i18n.t("connection.test")}
        </Button>
        <p id="connection-test-hint" className="ll-field__hint">
          {i18n.t("connection.testHint")}
        </p>
      </div>
      <ConnectionResult test={current} />
    </section>
  );
}
