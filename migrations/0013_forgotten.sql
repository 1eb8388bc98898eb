-- Forgetting a member (issue 29): each forget is logged, in order, so that a running bot whose memory still holds
-- the old name (a `tabula forget-user` from another process) sees it within a sweep and forgets it too.
CREATE TABLE forgotten (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    label TEXT NOT NULL
);
