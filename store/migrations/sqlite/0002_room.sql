-- Migration 2: what the room stores beside the ledger: a hand's setup, the
-- spectator channel of a community, seats, stored deadlines and the platform
-- ids of the messages the room edits.
ALTER TABLE `hands` ADD COLUMN `setup` text NOT NULL DEFAULT '';
ALTER TABLE `communities` ADD COLUMN `spectator_chat` text NOT NULL DEFAULT '';
CREATE TABLE `seats` (`table_id` integer NOT NULL,`seat` integer NOT NULL,`player_id` integer NOT NULL,`stack` integer NOT NULL DEFAULT 0,`sitting_out` integer NOT NULL DEFAULT 0,`state` text NOT NULL DEFAULT '{}',`updated_at` datetime NOT NULL,PRIMARY KEY (`table_id`,`seat`),CONSTRAINT `fk_seats_table` FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON DELETE RESTRICT,CONSTRAINT `fk_seats_player` FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON DELETE RESTRICT,CONSTRAINT `chk_seats_stack` CHECK (stack >= 0),CONSTRAINT `chk_seats_seat` CHECK (seat >= 1));
CREATE UNIQUE INDEX `ux_seats_table_player` ON `seats`(`table_id`,`player_id`);
CREATE TABLE `deadlines` (`key` text NOT NULL,`due_at` datetime NOT NULL,`payload` text NOT NULL DEFAULT '',PRIMARY KEY (`key`));
CREATE INDEX `idx_deadlines_due_at` ON `deadlines`(`due_at`);
CREATE TABLE `message_ids` (`key` text NOT NULL,`message_id` text NOT NULL,`updated_at` datetime NOT NULL,PRIMARY KEY (`key`));
CREATE INDEX `idx_hands_open` ON `hands`(`table_id`,`ended_at`);
