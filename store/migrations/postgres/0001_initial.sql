-- Migration 1, frozen: the schema the first release created (gorm AutoMigrate
-- of its models), written out once. Never edit an applied migration: add the
-- next one. Unqualified names: the tables go in the search_path's schema.
CREATE TABLE communities (
    id bigserial PRIMARY KEY,
    platform character varying(16) NOT NULL,
    chat_id character varying(64) NOT NULL,
    title character varying(256) DEFAULT ''::character varying NOT NULL,
    language character varying(8) DEFAULT ''::character varying NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
);
CREATE UNIQUE INDEX ux_communities_platform_chat ON communities USING btree (platform, chat_id);
CREATE TABLE players (
    id bigserial PRIMARY KEY,
    platform character varying(16) NOT NULL,
    user_id character varying(64) NOT NULL,
    display_name character varying(256) DEFAULT ''::character varying NOT NULL,
    language character varying(8) DEFAULT ''::character varying NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
);
CREATE UNIQUE INDEX ux_players_platform_user ON players USING btree (platform, user_id);
CREATE TABLE accounts (
    id bigserial PRIMARY KEY,
    kind character varying(16) NOT NULL,
    key character varying(128) NOT NULL,
    player_id bigint,
    balance bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT fk_accounts_player FOREIGN KEY (player_id) REFERENCES players(id) ON DELETE RESTRICT,
    CONSTRAINT chk_accounts_balance CHECK (balance >= 0 OR kind IN ('house','bank','system'))
);
CREATE UNIQUE INDEX idx_accounts_key ON accounts USING btree (key);
CREATE INDEX idx_accounts_kind ON accounts USING btree (kind);
CREATE INDEX idx_accounts_player_id ON accounts USING btree (player_id);
CREATE TABLE ledger_entries (
    id bigserial PRIMARY KEY,
    from_account_id bigint NOT NULL,
    to_account_id bigint NOT NULL,
    amount bigint NOT NULL,
    reason character varying(32) NOT NULL,
    reference character varying(128) DEFAULT ''::character varying NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT fk_ledger_entries_from_account FOREIGN KEY (from_account_id) REFERENCES accounts(id) ON DELETE RESTRICT,
    CONSTRAINT fk_ledger_entries_to_account FOREIGN KEY (to_account_id) REFERENCES accounts(id) ON DELETE RESTRICT,
    CONSTRAINT chk_ledger_distinct_accounts CHECK (from_account_id <> to_account_id),
    CONSTRAINT chk_ledger_amount_positive CHECK (amount > 0)
);
CREATE INDEX idx_ledger_entries_created_at ON ledger_entries USING btree (created_at);
CREATE INDEX idx_ledger_entries_from_account_id ON ledger_entries USING btree (from_account_id);
CREATE INDEX idx_ledger_entries_reference ON ledger_entries USING btree (reference);
CREATE INDEX idx_ledger_entries_to_account_id ON ledger_entries USING btree (to_account_id);
CREATE TABLE tables (
    id bigserial PRIMARY KEY,
    community_id bigint NOT NULL,
    name character varying(64) DEFAULT ''::character varying NOT NULL,
    variant character varying(16) NOT NULL,
    stakes character varying(32) DEFAULT ''::character varying NOT NULL,
    config text DEFAULT '{}'::text NOT NULL,
    account_id bigint,
    created_at timestamp with time zone NOT NULL,
    closed_at timestamp with time zone,
    CONSTRAINT fk_tables_community FOREIGN KEY (community_id) REFERENCES communities(id) ON DELETE RESTRICT,
    CONSTRAINT fk_tables_account FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE RESTRICT
);
CREATE INDEX idx_tables_account_id ON tables USING btree (account_id);
CREATE INDEX idx_tables_community_id ON tables USING btree (community_id);
CREATE TABLE hands (
    id bigserial PRIMARY KEY,
    table_id bigint NOT NULL,
    variant character varying(16) NOT NULL,
    deck text NOT NULL,
    commitment character varying(128) DEFAULT ''::character varying NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    CONSTRAINT fk_hands_table FOREIGN KEY (table_id) REFERENCES tables(id) ON DELETE RESTRICT
);
CREATE INDEX idx_hands_table_id ON hands USING btree (table_id);
CREATE TABLE hand_events (
    id bigserial PRIMARY KEY,
    hand_id bigint NOT NULL,
    seq bigint NOT NULL,
    kind character varying(32) NOT NULL,
    payload text DEFAULT '{}'::text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT fk_hand_events_hand FOREIGN KEY (hand_id) REFERENCES hands(id) ON DELETE RESTRICT
);
CREATE UNIQUE INDEX ux_hand_events_hand_seq ON hand_events USING btree (hand_id, seq);
