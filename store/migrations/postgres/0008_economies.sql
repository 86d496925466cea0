-- Migration 8: chips belong to a community. A Discord channel records its
-- server (guild): the channels of one server share its wallets. A
-- community may lower the caps of its admins' grants. Players may be banned
-- by an operator. The admin log records what admins and operators did
-- (community_id 0: an operator's bot-wide action, such as a ban).
ALTER TABLE communities ADD COLUMN guild character varying(64) DEFAULT ''::character varying NOT NULL;
ALTER TABLE communities ADD COLUMN grant_cap bigint DEFAULT 0 NOT NULL;
ALTER TABLE communities ADD COLUMN day_cap bigint DEFAULT 0 NOT NULL;
ALTER TABLE players ADD COLUMN banned character varying(256) DEFAULT ''::character varying NOT NULL;
CREATE TABLE admin_log (
    id bigserial PRIMARY KEY,
    community_id bigint NOT NULL,
    at timestamp with time zone NOT NULL,
    actor_id bigint NOT NULL,
    actor character varying(256) DEFAULT ''::character varying NOT NULL,
    action character varying(64) NOT NULL,
    target_id bigint DEFAULT 0 NOT NULL,
    target character varying(256) DEFAULT ''::character varying NOT NULL,
    amount bigint DEFAULT 0 NOT NULL,
    detail text DEFAULT ''::text NOT NULL
);
CREATE INDEX idx_admin_log_community ON admin_log (community_id, at);
