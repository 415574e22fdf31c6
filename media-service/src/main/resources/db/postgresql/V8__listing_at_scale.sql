-- GET /v1/media at a million rows (bench/media-listing.sh).
--
-- 1. Exact totals without counting rows: media_counts holds the number of ready items per owner,
--    visibility and filter value (kind, size, model, slug, provider), kept by a trigger in the same
--    transaction as the change. Rows with owner_id '*' hold all public items, so "own + public" is
--    the '*' rows plus the caller's private rows. Missing values are stored as ''.
CREATE TABLE media_counts (
    owner_id   VARCHAR(64)  NOT NULL,
    is_public  BOOLEAN      NOT NULL,
    kind       VARCHAR(16)  NOT NULL,
    size_label VARCHAR(32)  NOT NULL,
    model      VARCHAR(200) NOT NULL,
    model_slug VARCHAR(260) NOT NULL,
    provider   VARCHAR(64)  NOT NULL,
    n          BIGINT       NOT NULL,
    PRIMARY KEY (owner_id, is_public, kind, size_label, model, model_slug, provider)
);

CREATE FUNCTION media_counts_add(r media, owner VARCHAR, d INTEGER) RETURNS void LANGUAGE sql AS $$
    INSERT INTO media_counts AS c (owner_id, is_public, kind, size_label, model, model_slug, provider, n)
    VALUES (owner, r.is_public, r.kind, coalesce(r.size_label, ''), coalesce(r.model, ''),
            coalesce(lower(r.model_slug), ''), coalesce(r.provider, ''), d)
    ON CONFLICT (owner_id, is_public, kind, size_label, model, model_slug, provider) DO UPDATE SET n = c.n + d
$$;

CREATE FUNCTION media_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'ready' THEN
        PERFORM media_counts_add(OLD, OLD.owner_id, -1);
        IF OLD.is_public THEN PERFORM media_counts_add(OLD, '*', -1); END IF;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'ready' THEN
        PERFORM media_counts_add(NEW, NEW.owner_id, 1);
        IF NEW.is_public THEN PERFORM media_counts_add(NEW, '*', 1); END IF;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER media_counts_insert_delete AFTER INSERT OR DELETE ON media
    FOR EACH ROW EXECUTE FUNCTION media_counts_track();
-- Hibernate writes every column on update; only a change of a counted value moves a count.
CREATE TRIGGER media_counts_update AFTER UPDATE ON media FOR EACH ROW
    WHEN ((OLD.owner_id, OLD.is_public, OLD.kind, OLD.size_label, OLD.model, OLD.model_slug, OLD.provider, OLD.status)
          IS DISTINCT FROM
          (NEW.owner_id, NEW.is_public, NEW.kind, NEW.size_label, NEW.model, NEW.model_slug, NEW.provider, NEW.status))
    EXECUTE FUNCTION media_counts_track();

-- Recounts everything from the rows (after a bulk load with the triggers off, or to repair).
CREATE FUNCTION media_counts_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM media_counts;
    INSERT INTO media_counts (owner_id, is_public, kind, size_label, model, model_slug, provider, n)
    SELECT owner_id, is_public, kind, coalesce(size_label, ''), coalesce(model, ''), coalesce(lower(model_slug), ''),
           coalesce(provider, ''), count(*)
      FROM media WHERE status = 'ready'
     GROUP BY 1, 2, 3, 4, 5, 6, 7;
    INSERT INTO media_counts (owner_id, is_public, kind, size_label, model, model_slug, provider, n)
    SELECT '*', true, kind, coalesce(size_label, ''), coalesce(model, ''), coalesce(lower(model_slug), ''),
           coalesce(provider, ''), count(*)
      FROM media WHERE status = 'ready' AND is_public
     GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
SELECT media_counts_rebuild();

-- 2. Word search through a full-text GIN index over the stored words (" w1 w2 … "), matched exactly:
--    no stemming, no stop words, the same words PromptWords makes. Stored, so that checking a row
--    costs no parsing. The filters that come with a search are columns of the same GIN index
--    (btree_gin), so one index scan intersects them all: search + media + provider went from
--    240 ms to 19 ms at a million rows.
CREATE FUNCTION media_words(words TEXT) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT array_to_tsvector(array_remove(string_to_array(btrim(words), ' '), ''))
$$;
ALTER TABLE media ADD COLUMN prompt_terms tsvector GENERATED ALWAYS AS (media_words(prompt_words)) STORED;
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX media_terms_gin ON media USING gin (prompt_terms, owner_id, kind, provider, model, size_label);
DROP INDEX media_prompt_words_trgm;

-- 3. Version slugs are matched in any case.
DROP INDEX media_slug_created;
CREATE INDEX media_slug_created ON media (lower(model_slug), created_at DESC);
