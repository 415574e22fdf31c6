-- An administrator may suspend an account: its keys are refused, and its open event streams end, until it is reinstated.
ALTER TABLE accounts ADD COLUMN suspended_at TIMESTAMP WITH TIME ZONE;
