import { i18n } from "#i18n";
import { isFollowUp, questionInMetadata, THREAD_KEY } from "../../lib/thread/thread-metadata";

type MetadataValues = Record<string, string | number | boolean | null>;

/**
 * The thread keys of a follow-up's metadata, said in words beside (never among) the user's keys:
 * "Part of the thread …" with the thread and the question this turn answers.
 */
export function ThreadNote({
  analysisId,
  metadata,
}: {
  analysisId: string;
  metadata: MetadataValues | undefined;
}) {
  if (!isFollowUp({ analysisId, metadata })) return null;
  const question = questionInMetadata(metadata);
  return (
    <p className="thread-note" data-thread-id={String(metadata?.[THREAD_KEY])}>
      {question
        ? i18n.t("thread.note.asking", { thread: String(metadata?.[THREAD_KEY]), question })
        : i18n.t("thread.note.plain", { thread: String(metadata?.[THREAD_KEY]) })}
    </p>
  );
}
