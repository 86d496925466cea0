-- Migration 5: tournaments. A tournament is its configuration and the log of
-- what its director did (registrations, the draw, eliminations, moves,
-- payouts), replayed to rebuild it after a restart.
CREATE TABLE tourneys (
    id bigserial PRIMARY KEY,
    community_id bigint NOT NULL,
    name character varying(128) DEFAULT ''::character varying NOT NULL,
    config text DEFAULT '{}'::text NOT NULL,
    status character varying(32) DEFAULT ''::character varying NOT NULL,
    created_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    CONSTRAINT fk_tourneys_community FOREIGN KEY (community_id) REFERENCES communities(id) ON DELETE RESTRICT
);
CREATE INDEX idx_tourneys_community ON tourneys USING btree (community_id, ended_at);
CREATE TABLE tourney_ops (
    id bigserial PRIMARY KEY,
    tourney_id bigint NOT NULL,
    seq bigint NOT NULL,
    kind character varying(32) NOT NULL,
    data text DEFAULT '{}'::text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT fk_tourney_ops_tourney FOREIGN KEY (tourney_id) REFERENCES tourneys(id) ON DELETE RESTRICT,
    CONSTRAINT chk_tourney_ops_seq CHECK (seq >= 1)
);
CREATE UNIQUE INDEX ux_tourney_ops_tourney_seq ON tourney_ops USING btree (tourney_id, seq);
