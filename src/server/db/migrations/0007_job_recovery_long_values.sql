CREATE TABLE "queue_job_runs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"process_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "queue_job_runs_process_idx" ON "queue_job_runs" USING btree ("process_id");--> statement-breakpoint
-- hand-written below
-- A number is read from at most 400 characters: a longer run of digits overflowed numeric and
-- made a sort or an index build fail (issue 10, item 9).
CREATE OR REPLACE FUNCTION rowcraft_num(value text) RETURNS numeric
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE
		WHEN length(value) <= 400
			AND value ~ '^ *[-+]?[$€£¥]?((\d{1,3}(,\d{3})+|\d+)(\.\d+)?|\.\d+)([eE][-+]?\d{1,2})?%? *$'
		THEN translate(value, ' ,$€£¥%', '')::numeric
	END $$;
--> statement-breakpoint
-- Sort indexes were built on whole text values, which a value past 2,704 bytes cannot enter: the
-- grid now sorts by a bounded prefix (view-sql.ts), and the indexes are built again on it.
DO $$
DECLARE idx record;
BEGIN
	FOR idx IN SELECT indexname FROM pg_indexes WHERE tablename LIKE 'csv_rows_u_%' AND indexname ~ '_s_[a-z][a-z0-9_]*$' LOOP
		EXECUTE format('DROP INDEX IF EXISTS %I', idx.indexname);
	END LOOP;
END $$;
