-- The Content Credentials (C2PA) of an item's main file as read when it was kept: the item's provenance (JSON).
ALTER TABLE media ADD COLUMN provenance TEXT;
