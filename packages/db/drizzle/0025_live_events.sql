-- Issue 15, live updates: every change of a queue row (a new row, a status change, a removal) writes
-- one event_log row and tells every API process on the channel colophon_events, delivered at commit.
-- The notice carries the events themselves (a JSON array), so a process fans them out without reading
-- them back; event_log keeps them a day for a dropped stream to resume from (`Last-Event-ID`).
-- A statement that changes more than 20 rows at once (a bulk retry, a bulk load) writes one event
-- for the queue instead, whose readers refresh the whole queue. Statement-level triggers with
-- transition tables: one insert and one notice per statement, however many rows it touched. A queue
-- table made after this migration needs the same three triggers and index (see the loop below).
CREATE TABLE "event_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" varchar(40) NOT NULL,
	"account_id" bigint,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_log_created_idx" ON "event_log" USING btree ("created_at");
--> statement-breakpoint
CREATE FUNCTION "colophon_queue_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_count bigint;
  changes jsonb;
  written jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO changed_count FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT count(*) INTO changed_count FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.status IS DISTINCT FROM n.status;
  ELSE
    SELECT count(*) INTO changed_count FROM old_rows;
  END IF;
  IF changed_count = 0 THEN
    RETURN NULL;
  END IF;
  IF changed_count > 20 THEN
    INSERT INTO event_log (topic, payload)
      VALUES ('queue', jsonb_build_object('queue', TG_TABLE_NAME, 'count', changed_count))
      RETURNING jsonb_build_array(jsonb_build_object('id', id, 'topic', topic, 'accountId', account_id) || payload) INTO written;
    PERFORM pg_notify('colophon_events', written::text);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('jobId', n.id, 'status', n.status, 'from', NULL, 'payload', n.payload)) INTO changes FROM new_rows n;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(jsonb_build_object('jobId', n.id, 'status', n.status, 'from', o.status, 'payload', n.payload)) INTO changes
      FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.status IS DISTINCT FROM n.status;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('jobId', o.id, 'status', NULL, 'from', o.status, 'payload', o.payload)) INTO changes FROM old_rows o;
  END IF;
  WITH made AS (
    INSERT INTO event_log (topic, account_id, payload)
    SELECT 'queue',
      CASE WHEN c->'payload'->>'accountId' ~ '^[0-9]{1,15}$' THEN (c->'payload'->>'accountId')::bigint END,
      jsonb_build_object('queue', TG_TABLE_NAME, 'jobId', c->'jobId', 'status', c->'status', 'from', c->'from')
    FROM jsonb_array_elements(changes) c
    ORDER BY (c->>'jobId')::bigint
    RETURNING id, topic, account_id, payload
  )
  SELECT jsonb_agg(jsonb_build_object('id', id, 'topic', topic, 'accountId', account_id) || payload ORDER BY id)
    INTO written FROM made;
  PERFORM pg_notify('colophon_events', written::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  queue_table text;
BEGIN
  -- Every queue table there is (the engine's shape: a status and a lease), not the history beside them.
  FOR queue_table IN
    SELECT c.table_name FROM information_schema.columns c
    WHERE c.table_schema = current_schema() AND c.column_name = 'locked_until' AND c.table_name LIKE 'queue\_%'
    ORDER BY c.table_name
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION colophon_queue_events()', queue_table || '_events_insert', queue_table);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION colophon_queue_events()', queue_table || '_events_update', queue_table);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION colophon_queue_events()', queue_table || '_events_delete', queue_table);
    -- Throughput per minute over the last hour (the processor statuses page): completed rows by time.
    EXECUTE format('CREATE INDEX %I ON %I USING btree (completed_at) WHERE completed_at IS NOT NULL', queue_table || '_completed_idx', queue_table);
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "processor_statuses" ADD COLUMN "version" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "processor_statuses" ADD COLUMN "state" varchar(10) DEFAULT 'idle' NOT NULL;--> statement-breakpoint
ALTER TABLE "processor_statuses" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "processor_statuses" ADD COLUMN "pulse_ms" integer DEFAULT 15000 NOT NULL;
