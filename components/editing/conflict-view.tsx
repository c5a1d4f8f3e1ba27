import { useId, useState } from "react";
import { i18n } from "#i18n";
import type { OutboxEntry } from "../../lib/db/schema";
import { differingFields, type EditableFieldName } from "../../lib/editing/conflict-fields";
import type { EditableValues } from "../../lib/editing/edit-draft";
import { EDIT_NOT_KEPT } from "../../lib/editing/not-kept";
import { sendCommand } from "../../lib/messaging/protocol";
import { commandErrorText } from "../command-error-text";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";

export interface ConflictViewProps {
  /** The edit the service refused with 412; its `serverRecord` is the service's version. */
  entry: OutboxEntry & { serverRecord: NonNullable<OutboxEntry["serverRecord"]> };
  /** The user's version: the cached row, with every waiting edit applied. */
  mine: EditableValues;
  onMergeByHand: () => void;
}

function fieldLabel(field: EditableFieldName): string {
  if (field === "textContent") return i18n.t("editing.field.textContent");
  if (field === "jsonContent") return i18n.t("editing.field.jsonContent");
  return i18n.t("editing.field.metadata");
}

/**
 * The user's version beside the service's, field by field where they differ, and the three ways out:
 * keep mine, take theirs, merge by hand.
 */
export function ConflictView({ entry, mine, onMergeByHand }: ConflictViewProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const differences = differingFields(mine, entry.serverRecord);
  // The service answered the edit with a record that lacks it (it merged, or dropped a field).
  const notKept = entry.lastError?.code === EDIT_NOT_KEPT;

  const resolve = async (choice: "mine" | "theirs") => {
    setBusy(true);
    setFailure(undefined);
    try {
      await sendCommand("outbox.resolve", { seq: entry.seq, choice });
    } catch (error) {
      setFailure(commandErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="ll-notice ll-notice--warning editing-conflict"
      aria-labelledby={titleId}
      data-conflict-seq={entry.seq}
    >
      <h3 id={titleId} className="editing-conflict__title">
        {notKept ? i18n.t("editing.conflict.notKeptTitle") : i18n.t("editing.conflict.title")}
      </h3>
      <p>
        {notKept
          ? i18n.t("editing.conflict.notKeptIntro", { what: entry.lastError?.message ?? "" })
          : i18n.t("editing.conflict.intro")}
      </p>
      {differences.length === 0 ? <p>{i18n.t("editing.conflict.noDifference")}</p> : null}
      {differences.map((difference) => {
        const fieldId = `${titleId}-${difference.field}`;
        return (
          <section key={difference.field} className="editing-conflict__field" aria-labelledby={fieldId}>
            <h4 id={fieldId}>{fieldLabel(difference.field)}</h4>
            <div className="editing-conflict__sides">
              {(["mine", "theirs"] as const).map((side) => {
                const sideId = `${fieldId}-${side}`;
                const text = difference[side];
                return (
                  <figure
                    key={side}
                    className="editing-conflict__side"
                    aria-labelledby={sideId}
                    data-side={side}
                  >
                    <figcaption id={sideId}>
                      {side === "mine" ? i18n.t("editing.conflict.mine") : i18n.t("editing.conflict.theirs")}
                    </figcaption>
                    {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long scrollable block must be reachable by keyboard */}
                    <pre className="editing-value" tabIndex={0}>
                      {text ?? i18n.t("editing.conflict.absent")}
                    </pre>
                  </figure>
                );
              })}
            </div>
          </section>
        );
      })}
      <div className="editing-conflict__choices">
        <ChoiceButton
          label={i18n.t("editing.conflict.keepMine")}
          hint={i18n.t("editing.conflict.keepMineHint")}
          variant="primary"
          disabled={busy}
          onClick={() => void resolve("mine")}
        />
        <ChoiceButton
          label={i18n.t("editing.conflict.takeTheirs")}
          hint={i18n.t("editing.conflict.takeTheirsHint")}
          disabled={busy}
          onClick={() => void resolve("theirs")}
        />
        <ChoiceButton
          label={i18n.t("editing.conflict.merge")}
          hint={i18n.t("editing.conflict.mergeHint")}
          disabled={busy}
          onClick={onMergeByHand}
        />
      </div>
      {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
    </section>
  );
}

function ChoiceButton(props: {
  label: string;
  hint: string;
  variant?: "primary";
  disabled: boolean;
  onClick: () => void;
}) {
  const hintId = useId();
  return (
    <div className="editing-conflict__choice">
      <Button
        variant={props.variant}
        disabled={props.disabled}
        aria-describedby={hintId}
        onClick={props.onClick}
      >
        {props.label}
      </Button>
      <p id={hintId} className="ll-field__hint">
        {props.hint}
      </p>
    </div>
  );
}
