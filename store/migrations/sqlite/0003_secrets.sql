-- Migration 3: the room's secrets, generated at the first start (the key
-- that signs button tokens).
CREATE TABLE `secrets` (`name` text NOT NULL,`value` blob NOT NULL,`created_at` datetime NOT NULL,PRIMARY KEY (`name`));
