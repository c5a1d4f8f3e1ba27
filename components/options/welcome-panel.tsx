import { i18n } from "#i18n";
import { DEFAULT_BASE_URL } from "../../lib/settings/settings";

/** First run: what a new user must do before anything else works, with a link to the first field. */
export function WelcomePanel({ firstFieldId }: { firstFieldId: string }) {
  return (
    <section className="ll-notice ll-notice--info welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{i18n.t("welcome.title")}</h2>
      <p>{i18n.t("welcome.intro")}</p>
      <ol className="welcome__steps">
        <li>
          <strong>{i18n.t("welcome.urlStepTitle")}</strong>{" "}
          {i18n.t("welcome.urlStep", { url: DEFAULT_BASE_URL, command: "npm start" })}
        </li>
        <li>
          <strong>{i18n.t("welcome.keyStepTitle")}</strong> {i18n.t("welcome.keyStep")}
        </li>
      </ol>
      <p>
        {i18n.t("welcome.outro")}{" "}
        <a
          href={`#${firstFieldId}`}
          onClick={(event) => {
            const field = document.getElementById(firstFieldId);
            if (!field) return;
            event.preventDefault();
            field.focus();
            field.scrollIntoView({ block: "center" });
          }}
        >
          {i18n.t("welcome.start")}
        </a>
      </p>
    </section>
  );
}
