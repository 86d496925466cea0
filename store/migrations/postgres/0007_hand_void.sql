-- Migration 7: a hand that could not be resumed is voided as a misdeal
-- (its chips back to their owners' stacks); voided says why ('' = played).
ALTER TABLE hands ADD COLUMN voided text NOT NULL DEFAULT '';
