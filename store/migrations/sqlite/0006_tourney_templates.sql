-- Migration 6: saved tournament settings (templates) and the recurring
-- schedules that create tournaments from them.
CREATE TABLE `tourney_templates` (`community_id` integer NOT NULL,`name` text NOT NULL,`config` text NOT NULL DEFAULT '{}',`spec` text NOT NULL DEFAULT '',`last` datetime,`updated_at` datetime NOT NULL,PRIMARY KEY (`community_id`,`name`),CONSTRAINT `fk_tourney_templates_community` FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON DELETE RESTRICT);
