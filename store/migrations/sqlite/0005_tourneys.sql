-- Migration 5: tournaments. A tournament is its configuration and the log of
-- what its director did (registrations, the draw, eliminations, moves,
-- payouts), replayed to rebuild it after a restart.
CREATE TABLE `tourneys` (`id` integer PRIMARY KEY AUTOINCREMENT,`community_id` integer NOT NULL,`name` text NOT NULL DEFAULT '',`config` text NOT NULL DEFAULT '{}',`status` text NOT NULL DEFAULT '',`created_at` datetime NOT NULL,`ended_at` datetime,CONSTRAINT `fk_tourneys_community` FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON DELETE RESTRICT);
CREATE INDEX `idx_tourneys_community` ON `tourneys`(`community_id`,`ended_at`);
CREATE TABLE `tourney_ops` (`id` integer PRIMARY KEY AUTOINCREMENT,`tourney_id` integer NOT NULL,`seq` integer NOT NULL,`kind` text NOT NULL,`data` text NOT NULL DEFAULT '{}',`created_at` datetime NOT NULL,CONSTRAINT `fk_tourney_ops_tourney` FOREIGN KEY (`tourney_id`) REFERENCES `tourneys`(`id`) ON DELETE RESTRICT,CONSTRAINT `chk_tourney_ops_seq` CHECK (seq >= 1));
CREATE UNIQUE INDEX `ux_tourney_ops_tourney_seq` ON `tourney_ops`(`tourney_id`,`seq`);
