-- Migration 4: a cash table's own state between hands (hands dealt, the
-- button, a five-card draw pot carried over), written with its seats.
ALTER TABLE `tables` ADD COLUMN `state` text NOT NULL DEFAULT '';
