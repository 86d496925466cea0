-- Migration 6: saved tournament settings (templates) and the recurring
-- schedules that create tournaments from them.
CREATE TABLE tourney_templates (
    community_id bigint NOT NULL,
    name character varying(64) NOT NULL,
    config text DEFAULT '{}'::text NOT NULL,
    spec character varying(256) DEFAULT ''::character varying NOT NULL,
    last timestamp with time zone,
    updated_at timestamp with time zone NOT NULL,
    PRIMARY KEY (community_id, name),
    CONSTRAINT fk_tourney_templates_community FOREIGN KEY (community_id) REFERENCES communities(id) ON DELETE RESTRICT
);
