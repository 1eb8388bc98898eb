-- The message that shows a challenge (with its Accept/Decline buttons), so that an expired challenge can be edited
-- to lose its buttons even after a restart. NULL until the adapter knows the message (and for the console).
ALTER TABLE sessions ADD COLUMN message_id INTEGER;

-- The expiry task looks for open challenges by their deadline.
CREATE INDEX sessions_challenges_by_expiry ON sessions (expires_at) WHERE state = 'challenge';
