-- Runs stored before the ingest API bounded run times (startedAt and endedAt at most a day ahead
-- of its clock) may start or end after year 275760, past JavaScript's dates, and every page that
-- reads them fails. Their true times are unknown; when the row was created (and, for the end,
-- last changed) is the nearest known instant, and the order start ≤ end is kept.
UPDATE runs SET started_at = created_at WHERE started_at > created_at + interval '1 day';
UPDATE runs SET ended_at = GREATEST(started_at, updated_at) WHERE ended_at > updated_at + interval '1 day';
