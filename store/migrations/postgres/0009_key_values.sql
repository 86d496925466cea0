-- Migration 9: the table of keyed values is named for what it holds: the
-- ids of the messages showing views (bot.MessageIDs) and the room's other
-- keyed state (bot.KV: cron's last firings, the Telegram adapter's cursor,
-- the marks of grants given once). Nothing moves: every key keeps its
-- value. A value may be longer than a message id (text, bounded by the
-- room at bot.KVValueMax).
ALTER TABLE message_ids RENAME TO key_values;
ALTER TABLE key_values RENAME COLUMN message_id TO value;
ALTER TABLE key_values ALTER COLUMN value TYPE text;
ALTER TABLE key_values RENAME CONSTRAINT message_ids_pkey TO key_values_pkey;
