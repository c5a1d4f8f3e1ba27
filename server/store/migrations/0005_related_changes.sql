-- The log through which every service process's related index in memory (server/related/related-index.ts)
-- follows the analyses any process writes: statement triggers on `analyses` add a row per analysis
-- inserted, updated or deleted, numbered as the rows are inserted. Before it searches, a process reads the
-- rows after the last one it read, and those it skipped because their transaction had not committed yet
-- (server/related/related-changes.ts), and refreshes those analyses from `related_documents`. Rows ten
-- minutes old are deleted by whichever process comes by; a process that has read nothing for that long
-- builds its index anew.
CREATE TABLE IF NOT EXISTS related_changes (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  analysis_id text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
)
--> statement-breakpoint
CREATE OR REPLACE FUNCTION related_changes_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO related_changes (analysis_id) SELECT analysis_id FROM related_changed_old;
  ELSE
    INSERT INTO related_changes (analysis_id) SELECT analysis_id FROM related_changed_new;
  END IF;
  RETURN NULL;
END
$$
--> statement-breakpoint
DROP TRIGGER IF EXISTS related_changes_insert ON analyses
--> statement-breakpoint
CREATE TRIGGER related_changes_insert AFTER INSERT ON analyses
  REFERENCING NEW TABLE AS related_changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION related_changes_note()
--> statement-breakpoint
DROP TRIGGER IF EXISTS related_changes_update ON analyses
--> statement-breakpoint
CREATE TRIGGER related_changes_update AFTER UPDATE ON analyses
  REFERENCING NEW TABLE AS related_changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION related_changes_note()
--> statement-breakpoint
DROP TRIGGER IF EXISTS related_changes_delete ON analyses
--> statement-breakpoint
CREATE TRIGGER related_changes_delete AFTER DELETE ON analyses
  REFERENCING OLD TABLE AS related_changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION related_changes_note()
