-- Migration 3: the room's secrets, generated at the first start (the key
-- that signs button tokens).
CREATE TABLE secrets (
    name character varying(64) PRIMARY KEY,
    value bytea NOT NULL,
    created_at timestamp with time zone NOT NULL
);
