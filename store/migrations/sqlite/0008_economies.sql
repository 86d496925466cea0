-- Migration 8: chips belong to a community. A Discord channel records its
-- server (guild): the channels of one server share its wallets. A
-- community may lower the caps of its admins' grants. Players may be banned
-- by an operator. The admin log records what admins and operators did
-- (community_id 0: an operator's bot-wide action, such as a ban).
ALTER TABLE communities ADD COLUMN guild text NOT NULL DEFAULT '';
ALTER TABLE communities ADD COLUMN grant_cap integer NOT NULL DEFAULT 0;
ALTER TABLE communities ADD COLUMN day_cap integer NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN banned text NOT NULL DEFAULT '';
CREATE TABLE `admin_log` (`id` integer PRIMARY KEY AUTOINCREMENT,`community_id` integer NOT NULL,`at` datetime NOT NULL,`actor_id` integer NOT NULL,`actor` text NOT NULL DEFAULT '',`action` text NOT NULL,`target_id` integer NOT NULL DEFAULT 0,`target` text NOT NULL DEFAULT '',`amount` integer NOT NULL DEFAULT 0,`detail` text NOT NULL DEFAULT '');
CREATE INDEX `idx_admin_log_community` ON `admin_log`(`community_id`,`at`);
