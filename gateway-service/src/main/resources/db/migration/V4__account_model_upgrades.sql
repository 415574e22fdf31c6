-- Whether an account's requests naming a retired model are served by its replacement ('replacement') or refused with
-- 410 ('none', the default when null); a request's own model_upgrades field overrides it.
ALTER TABLE accounts ADD COLUMN model_upgrades VARCHAR(16);
