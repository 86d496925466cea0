-- Migration 2: what the room stores beside the ledger: a hand's setup, the
-- spectator channel of a community, seats, stored deadlines and the platform
-- ids of the messages the room edits.
ALTER TABLE hands ADD COLUMN setup text DEFAULT ''::text NOT NULL;
ALTER TABLE communities ADD COLUMN spectator_chat character varying(64) DEFAULT ''::character varying NOT NULL;
CREATE TABLE seats (
    table_id bigint NOT NULL,
    seat bigint NOT NULL,
    player_id bigint NOT NULL,
    stack bigint DEFAULT 0 NOT NULL,
    sitting_out boolean DEFAULT false NOT NULL,
    state text DEFAULT '{}'::text NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    PRIMARY KEY (table_id, seat),
    CONSTRAINT fk_seats_table FOREIGN KEY (table_id) REFERENCES tables(id) ON DELETE RESTRICT,
    CONSTRAINT fk_seats_player FOREIGN KEY (player_id) REFERENCES players(id) ON DELETE RESTRICT,
    CONSTRAINT chk_seats_stack CHECK (stack >= 0),
    CONSTRAINT chk_seats_seat CHECK (seat >= 1)
);
CREATE UNIQUE INDEX ux_seats_table_player ON seats USING btree (table_id, player_id);
CREATE TABLE deadlines (
    key character varying(128) PRIMARY KEY,
    due_at timestamp with time zone NOT NULL,
    payload text DEFAULT ''::text NOT NULL
);
CREATE INDEX idx_deadlines_due_at ON deadlines USING btree (due_at);
CREATE TABLE message_ids (
    key character varying(128) PRIMARY KEY,
    message_id character varying(128) NOT NULL,
    updated_at timestamp with time zone NOT NULL
);
CREATE INDEX idx_hands_open ON hands USING btree (table_id, ended_at);
