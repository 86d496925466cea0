-- Migration 11: players' tournament statistics (issue 24). One row of
-- counters per community, player and day (UTC, 'YYYY-MM-DD'), added to in
-- the transaction that stores a tournament's finish op; a period's
-- statistics are the sum of its days' rows (best_finish: the lowest
-- place above 0).
CREATE TABLE tourney_stats (
    community_id bigint NOT NULL,
    player_id bigint NOT NULL,
    day character varying(10) NOT NULL,
    tourneys bigint DEFAULT 0 NOT NULL,
    entries bigint DEFAULT 0 NOT NULL,
    spent bigint DEFAULT 0 NOT NULL,
    won bigint DEFAULT 0 NOT NULL,
    cashes bigint DEFAULT 0 NOT NULL,
    knockouts bigint DEFAULT 0 NOT NULL,
    best_finish bigint DEFAULT 0 NOT NULL,
    PRIMARY KEY (community_id, player_id, day),
    CONSTRAINT fk_tourney_stats_community FOREIGN KEY (community_id) REFERENCES communities(id) ON DELETE RESTRICT,
    CONSTRAINT fk_tourney_stats_player FOREIGN KEY (player_id) REFERENCES players(id) ON DELETE RESTRICT
);
CREATE INDEX idx_tourney_stats_board ON tourney_stats (community_id, day);
