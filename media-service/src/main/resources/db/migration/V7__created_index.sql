-- Newest/oldest listings across owners (own + public) read this index in order and stop after a page.
CREATE INDEX media_created ON media (created_at DESC, id DESC);
