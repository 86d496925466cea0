-- Migration 10: players' statistics (issue 24). One row of counters per
-- community, player, kind of hands ('cash' or 'tourney') and day (UTC,
-- 'YYYY-MM-DD'), added to in the transaction that ends each hand; a
-- period's statistics are the sum of its days' rows.
CREATE TABLE player_stats (
    community_id bigint NOT NULL,
    player_id bigint NOT NULL,
    kind character varying(16) NOT NULL,
    day character varying(10) NOT NULL,
    hands bigint DEFAULT 0 NOT NULL,
    vpip bigint DEFAULT 0 NOT NULL,
    pfr bigint DEFAULT 0 NOT NULL,
    three_bet_chances bigint DEFAULT 0 NOT NULL,
    three_bets bigint DEFAULT 0 NOT NULL,
    saw_flop bigint DEFAULT 0 NOT NULL,
    went_to_showdown bigint DEFAULT 0 NOT NULL,
    won_at_showdown bigint DEFAULT 0 NOT NULL,
    aggressive bigint DEFAULT 0 NOT NULL,
    calls bigint DEFAULT 0 NOT NULL,
    net bigint DEFAULT 0 NOT NULL,
    net_centi_bb bigint DEFAULT 0 NOT NULL,
    biggest_pot bigint DEFAULT 0 NOT NULL,
    PRIMARY KEY (community_id, player_id, kind, day),
    CONSTRAINT fk_player_stats_community FOREIGN KEY (community_id) REFERENCES communities(id) ON DELETE RESTRICT,
    CONSTRAINT fk_player_stats_player FOREIGN KEY (player_id) REFERENCES players(id) ON DELETE RESTRICT
);
CREATE INDEX idx_player_stats_board ON player_stats (community_id, kind, day);
