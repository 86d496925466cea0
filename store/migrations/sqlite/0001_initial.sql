-- Migration 1, frozen: the schema the first release created (gorm AutoMigrate of its models),
-- written out once. Never edit an applied migration: add the next one.
CREATE TABLE `communities` (`id` integer PRIMARY KEY AUTOINCREMENT,`platform` text NOT NULL,`chat_id` text NOT NULL,`title` text NOT NULL DEFAULT "",`language` text NOT NULL DEFAULT "",`created_at` datetime NOT NULL,`updated_at` datetime NOT NULL);
CREATE UNIQUE INDEX `ux_communities_platform_chat` ON `communities`(`platform`,`chat_id`);
CREATE TABLE `players` (`id` integer PRIMARY KEY AUTOINCREMENT,`platform` text NOT NULL,`user_id` text NOT NULL,`display_name` text NOT NULL DEFAULT "",`language` text NOT NULL DEFAULT "",`created_at` datetime NOT NULL,`updated_at` datetime NOT NULL);
CREATE UNIQUE INDEX `ux_players_platform_user` ON `players`(`platform`,`user_id`);
CREATE TABLE `accounts` (`id` integer PRIMARY KEY AUTOINCREMENT,`kind` text NOT NULL,`key` text NOT NULL,`player_id` integer,`balance` integer NOT NULL DEFAULT 0,`created_at` datetime NOT NULL,CONSTRAINT `fk_accounts_player` FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON DELETE RESTRICT,CONSTRAINT `chk_accounts_balance` CHECK (balance >= 0 OR kind IN ('house','bank','system')));
CREATE INDEX `idx_accounts_player_id` ON `accounts`(`player_id`);
CREATE UNIQUE INDEX `idx_accounts_key` ON `accounts`(`key`);
CREATE INDEX `idx_accounts_kind` ON `accounts`(`kind`);
CREATE TABLE `ledger_entries` (`id` integer PRIMARY KEY AUTOINCREMENT,`from_account_id` integer NOT NULL,`to_account_id` integer NOT NULL,`amount` integer NOT NULL,`reason` text NOT NULL,`reference` text NOT NULL DEFAULT "",`created_at` datetime NOT NULL,CONSTRAINT `fk_ledger_entries_from_account` FOREIGN KEY (`from_account_id`) REFERENCES `accounts`(`id`) ON DELETE RESTRICT,CONSTRAINT `fk_ledger_entries_to_account` FOREIGN KEY (`to_account_id`) REFERENCES `accounts`(`id`) ON DELETE RESTRICT,CONSTRAINT `chk_ledger_distinct_accounts` CHECK (from_account_id <> to_account_id),CONSTRAINT `chk_ledger_amount_positive` CHECK (amount > 0));
CREATE INDEX `idx_ledger_entries_created_at` ON `ledger_entries`(`created_at`);
CREATE INDEX `idx_ledger_entries_reference` ON `ledger_entries`(`reference`);
CREATE INDEX `idx_ledger_entries_to_account_id` ON `ledger_entries`(`to_account_id`);
CREATE INDEX `idx_ledger_entries_from_account_id` ON `ledger_entries`(`from_account_id`);
CREATE TABLE `tables` (`id` integer PRIMARY KEY AUTOINCREMENT,`community_id` integer NOT NULL,`name` text NOT NULL DEFAULT "",`variant` text NOT NULL,`stakes` text NOT NULL DEFAULT "",`config` text NOT NULL DEFAULT "{}",`account_id` integer,`created_at` datetime NOT NULL,`closed_at` datetime,CONSTRAINT `fk_tables_community` FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON DELETE RESTRICT,CONSTRAINT `fk_tables_account` FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON DELETE RESTRICT);
CREATE INDEX `idx_tables_account_id` ON `tables`(`account_id`);
CREATE INDEX `idx_tables_community_id` ON `tables`(`community_id`);
CREATE TABLE `hands` (`id` integer PRIMARY KEY AUTOINCREMENT,`table_id` integer NOT NULL,`variant` text NOT NULL,`deck` text NOT NULL,`commitment` text NOT NULL DEFAULT "",`started_at` datetime NOT NULL,`ended_at` datetime,CONSTRAINT `fk_hands_table` FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON DELETE RESTRICT);
CREATE INDEX `idx_hands_table_id` ON `hands`(`table_id`);
CREATE TABLE `hand_events` (`id` integer PRIMARY KEY AUTOINCREMENT,`hand_id` integer NOT NULL,`seq` integer NOT NULL,`kind` text NOT NULL,`payload` text NOT NULL DEFAULT "{}",`created_at` datetime NOT NULL,CONSTRAINT `fk_hand_events_hand` FOREIGN KEY (`hand_id`) REFERENCES `hands`(`id`) ON DELETE RESTRICT);
CREATE UNIQUE INDEX `ux_hand_events_hand_seq` ON `hand_events`(`hand_id`,`seq`);
