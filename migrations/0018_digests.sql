-- The daily digest (issue 54): members who asked (`/notify digest:true`) get one direct message a day, at their
-- hour (UTC), listing the games waiting for their move. `since` is when they asked (the first digest comes at the
-- next such hour), `lang` the language it is written in (the member's when they asked), `last_day` the day of the
-- last one sent (claimed before it is sent, so that one instance sends it). Forgetting a member removes their row.
CREATE TABLE digests (
    user_id     INTEGER PRIMARY KEY,
    hour        INTEGER NOT NULL,
    since       INTEGER NOT NULL,
    last_day    INTEGER,
    lang        TEXT NOT NULL
);
