-- Related search's query terms (server/related/related-query.ts) are the source's lexemes found in 2 to 100
-- of the tenant's analyses; of a page's ~190 lexemes only a dozen are, and finding them read every one of
-- the ~190 rows of `related_terms` from the table, scattered over about 90 pages. This index holds only
-- those rows and their counts, so the search reads the dozen from the index alone (once the table is
-- vacuumed; else a dozen rows, not ~190): about a sixth of a search's time on PGlite. Its cost: an update
-- of a count (each analysis written updates those of its lexemes) can no longer be a HOT update.
CREATE INDEX IF NOT EXISTS related_terms_query_idx ON related_terms (tenant_id, lexeme)
  INCLUDE (documents) WHERE documents BETWEEN 2 AND 100;
