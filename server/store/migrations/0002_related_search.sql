-- What related search needs of the database, as one migration for the store's migrations to include (both
-- PGlite and Postgres run it), one statement per entry. Each statement is idempotent, and the search data is
-- rebuilt from the stored analyses, so the migration also brings a database holding analyses up to date.
--
-- - `related_documents`: one row per analysis, written by statement triggers on `analyses` in the same
--   transaction as the analysis: its tenant, `updatedAt`, keys of its page and site for the boosts, and
--   `words`, a `tsvector` over the title (weight A), textContent (B) and the page text (C), each cut to its
--   first 100,000 characters: enough to characterize any page, and it bounds the work of each write and the
--   size of each vector (a `tsvector` holds at most 1 MB). The title comes first and textContent before the
--   page text because positions stop at 16,383: what comes after keeps its lexemes but not their counts.
--   A table of its own, not columns of `analyses`: ranking reads `words` of every candidate, so it is kept
--   inline (`MAIN`) beside what ranking needs and nothing else; in `analyses` a 4 KB inline vector pushed
--   every other column of the row, the tenant id included, out to the TOAST table, and out-of-line it had
--   to be fetched from there for each candidate: either way twice the time of this table.
-- - The text search configuration `related_words`: the `simple` dictionary (lower-cased words, no
--   stemming) behind the stop-word lists of English, French, German, Spanish, Italian, Portuguese and Dutch,
--   the languages the offline generator knows too. Not `english`: pages come in every language, and
--   `english` would stem French or German words by English rules and keep their function words, which
--   would make every French page of a tenant related to every other. Idf alone cannot tell "the" from a
--   topic's word in a tenant of a few analyses, hence the stop words; the price is that a function word of
--   one of these languages is dropped in all (German "war", Dutch "door"). In larger tenants idf also
--   keeps out the function words of other languages (server/related/related-query.ts).
-- - A GIN index on `words` (without a pending list: PGlite never vacuums, and every search would scan the
--   list), and one on (tenant, page) for the analyses of the same page.
-- - `related_terms`: per tenant, in how many analyses each lexeme occurs (the idf of the query's terms),
--   and under the empty lexeme (which no `tsvector` holds) how many analyses the tenant has. The same
--   triggers keep it current, one upsert per distinct lexeme of the statement, in lexeme order so that
--   concurrent writers lock rows in the same order.
-- - The search itself, `related_analysis_ids(…)` (server/related/related-query.ts).
DO $$ BEGIN
  CREATE TEXT SEARCH DICTIONARY related_stop_english (TEMPLATE = simple, STOPWORDS = english, ACCEPT = false);
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$
--> statement-breakpoint
DO $$ BEGIN
  CREATE TEXT SEARCH DICTIONARY related_stop_french (TEMPLATE = simple, STOPWORDS = french, ACCEPT = false);
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$
--> statement-breakpoint
DO $$ BEGIN
  CREATE TEXT SEARCH DICTIONARY related_stop_german (TEMPLATE = simple, STOPWORDS = german, ACCEPT = false);
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$
--> statement-breakpoint
DO $$ BEGIN
  CREATE TEXT SEARCH DICTIONARY related_stop_spanish (TEMPLATE = simple, STOPWORDS = spanish, ACCEPT = false);
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$
--> statement-breakpoint
DO $$ BEGIN
  CREATE TEXT SEARCH DICTIONARY related_stop_italian (TEMPLATE = simple, STOPWORDS = italian, ACCEPT = false);
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$
--> statement-breakpoint
DO $$ BEGIN
  CREATE TEXT SEARCH DICTIONARY related_stop_portuguese (TEMPLATE = simple, STOPWORDS = portuguese, ACCEPT = false);
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$
--> statement-breakpoint
DO $$ BEGIN
  CREATE TEXT SEARCH DICTIONARY related_stop_dutch (TEMPLATE = simple, STOPWORDS = dutch, ACCEPT = false);
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$
--> statement-breakpoint
DO $$ BEGIN
  CREATE TEXT SEARCH CONFIGURATION related_words (COPY = simple);
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION related_words
  ALTER MAPPING FOR asciiword, word, asciihword, hword, hword_asciipart, hword_part
  WITH related_stop_english, related_stop_french, related_stop_german, related_stop_spanish, related_stop_italian, related_stop_portuguese, related_stop_dutch, simple
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS related_documents (
  analysis_id text PRIMARY KEY,
  tenant_id text NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  page_key uuid,
  site_key uuid,
  words tsvector NOT NULL
)
--> statement-breakpoint
ALTER TABLE related_documents
  ALTER COLUMN analysis_id SET STORAGE PLAIN,
  ALTER COLUMN tenant_id SET STORAGE PLAIN,
  ALTER COLUMN words SET STORAGE MAIN
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS related_documents_words_idx ON related_documents USING gin (words)
  WITH (fastupdate = off)
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS related_documents_page_idx ON related_documents (tenant_id, page_key)
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS related_terms (
  tenant_id text NOT NULL,
  lexeme text COLLATE "C" NOT NULL,
  documents integer NOT NULL,
  PRIMARY KEY (tenant_id, lexeme)
) WITH (fillfactor = 50)
--> statement-breakpoint
CREATE OR REPLACE FUNCTION related_document(stored analyses) RETURNS related_documents
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    stored.analysis_id,
    stored.tenant_id,
    stored.updated_at,
    md5(stored.analysis ->> 'id')::uuid,
    md5(nullif(regexp_replace(
      lower(substring(stored.analysis ->> 'url' from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^]/?#]*\]|[^/?#:]*)')),
      '^www\.', ''), ''))::uuid,
    setweight(to_tsvector('related_words', left(coalesce(stored.analysis ->> 'title', ''), 100000)), 'A')
      || setweight(to_tsvector('related_words', left(coalesce(stored.text_content, ''), 100000)), 'B')
      || setweight(to_tsvector('related_words', left(coalesce(stored.analysis ->> 'text', ''), 100000)), 'C')
$$
--> statement-breakpoint
CREATE OR REPLACE FUNCTION related_documents_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_gone_tenants text[];
  v_gone_lexemes text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    WITH previous AS (
      DELETE FROM related_documents AS document USING related_old AS stored
      WHERE document.analysis_id = stored.analysis_id
      RETURNING document.tenant_id, document.words
    ),
    counted AS (
      INSERT INTO related_terms AS stats (tenant_id, lexeme, documents)
      SELECT tenant_id, lexeme, -count(*)
      FROM (
        SELECT tenant_id, unnest(tsvector_to_array(words)) AS lexeme FROM previous
        UNION ALL SELECT tenant_id, '' FROM previous
      ) AS changes
      GROUP BY tenant_id, lexeme
      ORDER BY tenant_id, lexeme
      ON CONFLICT (tenant_id, lexeme) DO UPDATE SET documents = stats.documents + excluded.documents
      RETURNING stats.tenant_id, stats.lexeme, stats.documents
    )
    SELECT array_agg(tenant_id), array_agg(lexeme) INTO v_gone_tenants, v_gone_lexemes
    FROM counted WHERE documents <= 0;
  ELSE
    WITH fresh AS (
      SELECT document.* FROM related_new AS stored, related_document(stored) AS document
    ),
    previous AS (
      SELECT document.tenant_id, document.words FROM related_documents AS document JOIN fresh USING (analysis_id)
    ),
    written AS (
      INSERT INTO related_documents AS document SELECT * FROM fresh
      ON CONFLICT (analysis_id) DO UPDATE SET
        tenant_id = excluded.tenant_id, updated_at = excluded.updated_at, page_key = excluded.page_key,
        site_key = excluded.site_key, words = excluded.words
    ),
    counted AS (
      INSERT INTO related_terms AS stats (tenant_id, lexeme, documents)
      SELECT tenant_id, lexeme, sum(change)
      FROM (
        SELECT tenant_id, unnest(tsvector_to_array(words)) AS lexeme, 1 AS change FROM fresh
        UNION ALL SELECT tenant_id, '', 1 FROM fresh
        UNION ALL SELECT tenant_id, unnest(tsvector_to_array(words)), -1 FROM previous
        UNION ALL SELECT tenant_id, '', -1 FROM previous
      ) AS changes
      GROUP BY tenant_id, lexeme
      HAVING sum(change) <> 0
      ORDER BY tenant_id, lexeme
      ON CONFLICT (tenant_id, lexeme) DO UPDATE SET documents = stats.documents + excluded.documents
      RETURNING stats.tenant_id, stats.lexeme, stats.documents
    )
    SELECT array_agg(tenant_id), array_agg(lexeme) INTO v_gone_tenants, v_gone_lexemes
    FROM counted WHERE documents <= 0;
  END IF;
  IF v_gone_tenants IS NOT NULL THEN
    -- rows this statement just counted down to 0, which it holds locked already
    DELETE FROM related_terms AS stats
    USING unnest(v_gone_tenants, v_gone_lexemes) AS gone (tenant_id, lexeme)
    WHERE stats.tenant_id = gone.tenant_id AND stats.lexeme = gone.lexeme AND stats.documents <= 0;
  END IF;
  RETURN NULL;
END
$$
--> statement-breakpoint
DROP TRIGGER IF EXISTS related_documents_insert ON analyses
--> statement-breakpoint
CREATE TRIGGER related_documents_insert AFTER INSERT ON analyses
  REFERENCING NEW TABLE AS related_new
  FOR EACH STATEMENT EXECUTE FUNCTION related_documents_follow()
--> statement-breakpoint
DROP TRIGGER IF EXISTS related_documents_update ON analyses
--> statement-breakpoint
CREATE TRIGGER related_documents_update AFTER UPDATE ON analyses
  REFERENCING NEW TABLE AS related_new
  FOR EACH STATEMENT EXECUTE FUNCTION related_documents_follow()
--> statement-breakpoint
DROP TRIGGER IF EXISTS related_documents_delete ON analyses
--> statement-breakpoint
CREATE TRIGGER related_documents_delete AFTER DELETE ON analyses
  REFERENCING OLD TABLE AS related_old
  FOR EACH STATEMENT EXECUTE FUNCTION related_documents_follow()
--> statement-breakpoint
DELETE FROM related_documents
--> statement-breakpoint
INSERT INTO related_documents
SELECT document.* FROM analyses AS stored, related_document(stored) AS document
--> statement-breakpoint
DELETE FROM related_terms
--> statement-breakpoint
INSERT INTO related_terms (tenant_id, lexeme, documents)
SELECT tenant_id, lexeme, count(*)
FROM (
  SELECT tenant_id, unnest(tsvector_to_array(words)) AS lexeme FROM related_documents
  UNION ALL
  SELECT tenant_id, '' FROM related_documents
) AS counted
GROUP BY tenant_id, lexeme
--> statement-breakpoint
CREATE OR REPLACE FUNCTION related_analysis_ids(
  p_tenant text, p_analysis text, p_json_content jsonb, p_metadata jsonb, p_limit bigint, p_offset bigint
) RETURNS text[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_source record;
  v_analyses float8;
  v_query tsquery;
BEGIN
  SELECT words, page_key, site_key INTO v_source
  FROM related_documents
  WHERE tenant_id = p_tenant AND analysis_id = p_analysis;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT documents INTO v_analyses FROM related_terms WHERE tenant_id = p_tenant AND lexeme = '';

  SELECT string_agg('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''', ' | ')::tsquery
  INTO v_query
  FROM (
    SELECT term.lexeme
    FROM unnest(v_source.words) AS term
    JOIN related_terms AS stats ON stats.tenant_id = p_tenant AND stats.lexeme = term.lexeme COLLATE "C"
    WHERE stats.documents BETWEEN 2 AND 100
    ORDER BY
      (cardinality(array_positions(term.weights, 'A'))
        + 0.4::float8 * cardinality(array_positions(term.weights, 'B'))
        + 0.2::float8 * cardinality(array_positions(term.weights, 'C')))
      * ln(1 + (v_analyses - stats.documents + 0.5) / (stats.documents + 0.5)) DESC,
      term.lexeme COLLATE "C"
    LIMIT 10
  ) AS query_terms;

  RETURN ARRAY(
    SELECT analysis_id
    FROM (
      SELECT
        analysis_id, updated_at,
        text_score
          + CASE WHEN same_site AND text_score > 0 THEN 0.5 * scale ELSE 0 END
          + CASE WHEN same_page THEN 2 * scale ELSE 0 END AS relatedness
      FROM (
        SELECT *, coalesce(nullif(max(text_score) OVER (), 0), 1) AS scale
        FROM (
          SELECT
            candidate.analysis_id, candidate.updated_at,
            ts_rank(candidate.words, v_query)::float8 AS text_score,
            candidate.page_key = v_source.page_key AS same_page,
            candidate.site_key = v_source.site_key AS same_site
          FROM related_documents AS candidate
          WHERE candidate.words @@ v_query
            -- COLLATE "C" keeps the planner off the (tenant, page) index, which would only add every
            -- analysis of the tenant to the bitmap of the GIN index's matches
            AND candidate.tenant_id = p_tenant COLLATE "C"
            AND candidate.analysis_id <> p_analysis
          UNION ALL
          SELECT candidate.analysis_id, candidate.updated_at, 0, true, false
          FROM related_documents AS candidate
          WHERE candidate.tenant_id = p_tenant
            AND candidate.page_key = v_source.page_key
            AND (candidate.words @@ v_query) IS NOT TRUE
            AND candidate.analysis_id <> p_analysis
        ) AS candidates
      ) AS scaled
    ) AS ranked
    WHERE relatedness > 0
      AND (p_json_content IS NULL AND p_metadata IS NULL OR EXISTS (
        SELECT FROM analyses AS stored
        WHERE stored.analysis_id = ranked.analysis_id
          AND (p_json_content IS NULL OR NOT EXISTS (
            SELECT FROM jsonb_each(p_json_content) AS wanted
            WHERE stored.json_content -> wanted.key IS DISTINCT FROM wanted.value))
          AND (p_metadata IS NULL OR NOT EXISTS (
            SELECT FROM jsonb_each(p_metadata) AS wanted
            WHERE stored.metadata -> wanted.key IS DISTINCT FROM wanted.value))))
    ORDER BY relatedness DESC, updated_at DESC, analysis_id COLLATE "C"
    LIMIT p_limit OFFSET p_offset
  );
END
$$
