import { i18n } from "#i18n";
import { fillTemplate, type TemplateValues } from "../../lib/templates/prompt-template";

export const TEMPLATE_PREVIEW_ID = "prompt-preview";

/**
 * The prompt as it will be sent, filled from this tab, with each variable's value marked; shown while the
 * prompt uses `{{…}}`. Loaded only then. A template with a problem shows nothing here: the prompt's error says why.
 */
export default function TemplatePreview({
  template,
  values,
}: {
  template: string;
  values: TemplateValues | undefined;
}) {
  const filled = values ? fillTemplate(template.trim(), values) : undefined;
  if (filled && !filled.ok) return null;
  return (
    <section id={TEMPLATE_PREVIEW_ID} className="template-preview" aria-labelledby="prompt-preview-heading">
      <h3 id="prompt-preview-heading" className="template-preview__heading">
        {i18n.t("popup.template.preview")}
      </h3>
      {filled ? (
        // A long prompt scrolls here: the keyboard must reach it (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        <p className="template-preview__text" data-testid="prompt-preview" tabIndex={0}>
          {filled.parts.map((part, index) =>
            part.kind === "text" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
              <span key={index}>{part.text}</span>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
              <mark key={index} className="template-preview__value" title={part.text}>
                {part.value === ""
                  ? i18n.t("popup.template.emptyValue", { variable: part.text })
                  : part.value}
              </mark>
            ),
          )}
        </p>
      ) : (
        <p className="template-preview__text">{i18n.t("popup.template.reading")}</p>
      )}
    </section>
  );
}
