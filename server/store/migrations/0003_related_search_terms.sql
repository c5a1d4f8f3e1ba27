-- Related search as `0002_related_search.sql` defines it, in less time (server/related/related-query.ts):
-- - The query's terms are found among the source's lexemes with one index scan of `related_terms` for all
--   of them (`= ANY`) and matched back to the source's lexemes by position in that result, instead of one
--   index probe and one join step per lexeme of the source (about 190 for a page of 450 words): a third of
--   the search's time on PGlite.
-- - The query holds the source's 8 lexemes of highest tf-idf instead of 10: each candidate's rank looks up
--   every query lexeme in its vector, and fewer lexemes also find fewer candidates.
CREATE OR REPLACE FUNCTION related_analysis_ids(
  p_tenant text, p_analysis text, p_json_content jsonb, p_metadata jsonb, p_limit bigint, p_offset bigint
) RETURNS text[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_source record;
  v_analyses float8;
  v_query tsquery;
  v_lexemes text[] COLLATE "C";
  v_documents integer[];
BEGIN
  SELECT words, page_key, site_key INTO v_source
  FROM related_documents
  WHERE tenant_id = p_tenant AND analysis_id = p_analysis;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT documents INTO v_analyses FROM related_terms WHERE tenant_id = p_tenant AND lexeme = '';

  SELECT array_agg(stats.lexeme), array_agg(stats.documents) INTO v_lexemes, v_documents
  FROM related_terms AS stats
  WHERE stats.tenant_id = p_tenant
    AND stats.lexeme = ANY (tsvector_to_array(v_source.words)::text[] COLLATE "C")
    AND stats.documents BETWEEN 2 AND 100;

  SELECT string_agg('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''', ' | ')::tsquery
  INTO v_query
  FROM (
    SELECT term.lexeme
    FROM (
      SELECT term.lexeme, term.weights, v_documents[array_position(v_lexemes, term.lexeme)] AS documents
      FROM unnest(v_source.words) AS term
      WHERE term.lexeme = ANY (v_lexemes)
    ) AS term
    ORDER BY
      (cardinality(array_positions(term.weights, 'A'))
        + 0.4::float8 * cardinality(array_positions(term.weights, 'B'))
        + 0.2::float8 * cardinality(array_positions(term.weights, 'C')))
      * ln(1 + (v_analyses - term.documents + 0.5) / (term.documents + 0.5)) DESC,
      term.lexeme COLLATE "C"
    LIMIT 8
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
