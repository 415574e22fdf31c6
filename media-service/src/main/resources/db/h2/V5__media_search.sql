-- H2 (the local run): the same words for media stored before V4; no trigram index here.
UPDATE media SET prompt_words = ' ' || TRIM(REGEXP_REPLACE(LOWER(COALESCE(prompt, '')), '[^a-z0-9]+', ' ')) || ' '
 WHERE prompt_words IS NULL;
CREATE INDEX media_model_created ON media (model, created_at DESC);
CREATE INDEX media_slug_created ON media (model_slug, created_at DESC);
CREATE INDEX media_provider_created ON media (provider, created_at DESC);
