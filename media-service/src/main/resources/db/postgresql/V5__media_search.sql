-- PostgreSQL: trigram index for word search in prompts, and indexes for the model filters.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
UPDATE media SET prompt_words = ' ' || btrim(lower(regexp_replace(coalesce(prompt, ''), '[^[:alnum:]]+', ' ', 'g'))) || ' '
 WHERE prompt_words IS NULL;
CREATE INDEX media_prompt_words_trgm ON media USING gin (prompt_words gin_trgm_ops);
CREATE INDEX media_model_created ON media (model, created_at DESC);
CREATE INDEX media_slug_created ON media (model_slug, created_at DESC);
CREATE INDEX media_provider_created ON media (provider, created_at DESC);
