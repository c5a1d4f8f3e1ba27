import { type KeyboardEvent, useId, useState } from "react";
import { i18n } from "#i18n";
import { sendCommand } from "../../lib/messaging/protocol";
import { QUESTION_MAX } from "../../lib/thread/thread-prompt";
import { commandErrorText } from "../command-error-text";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";

/**
 * The follow-up input under an answer: Enter sends, Shift+Enter starts a new line. It stays editable
 * while a turn is on its way; a sent question shows as the thread's pending turn, so the input empties.
 */
export function FollowUpForm({ analysisId }: { analysisId: string }) {
  const [question, setQuestion] = useState("");
  const [error, setError] = useState<string>();
  const id = useId();

  async function send() {
    const asked = question.trim();
    if (!asked) return;
    setError(undefined);
    try {
      await sendCommand("thread.ask", { analysisId, question: asked });
      setQuestion((current) => (current.trim() === asked ? "" : current));
    } catch (caught) {
      setError(commandErrorText(caught));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <form
      className="follow-up-form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="follow-up-form__label">
        {i18n.t("thread.ask.label")}
      </label>
      <textarea
        id={id}
        className="ll-textarea follow-up-form__input"
        rows={2}
        maxLength={QUESTION_MAX}
        value={question}
        placeholder={i18n.t("thread.ask.placeholder")}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setQuestion(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="follow-up-form__row">
        <span id={`${id}-hint`} className="follow-up-form__hint">
          {i18n.t("thread.ask.hint")}
        </span>
        <Button type="submit" size="small" variant="primary" disabled={!question.trim()}>
          {i18n.t("thread.ask.send")}
        </Button>
      </div>
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
    </form>
  );
}
