CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"upload_id" uuid,
	"format" text NOT NULL,
	"scope" text NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "csv_uploads" ADD COLUMN "bytes_read" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_upload_id_csv_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."csv_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exports_user_created_idx" ON "exports" USING btree ("user_id","created_at");--> statement-breakpoint
-- Typed readings of a cell's text for sorting and filtering, written as single expressions so the
-- planner inlines them (a non-inlined SQL function costs microseconds a row). They read values as
-- src/common/cell-values.ts does; server/db/sql-functions.test.ts holds the two side by side.
CREATE FUNCTION rowcraft_num(value text) RETURNS numeric
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE
		WHEN value ~ '^ *[-+]?[$€£¥]?((\d{1,3}(,\d{3})+|\d+)(\.\d+)?|\.\d+)([eE][-+]?\d{1,2})?%? *$'
		THEN translate(value, ' ,$€£¥%', '')::numeric
	END $$;
--> statement-breakpoint
CREATE FUNCTION rowcraft_ymd(y integer, m integer, d integer) RETURNS integer
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE WHEN m BETWEEN 1 AND 12 AND d BETWEEN 1 AND 31 THEN y * 10000 + m * 100 + d END $$;
--> statement-breakpoint
-- A date as yyyymmdd: ISO first; dd.mm.yyyy is day first; mm/dd/yyyy and mm-dd-yyyy month first
-- unless the first number is over 12. The helper is named with its schema: index builds run with
-- a search_path of pg_catalog only (PostgreSQL 17, and so PGlite).
CREATE FUNCTION rowcraft_date_key(value text) RETURNS integer
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE
		WHEN btrim(value) ~ '^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}([T ].*)?$' THEN public.rowcraft_ymd(
			substring(btrim(value) from '^(\d{4})')::integer,
			substring(btrim(value) from '^\d{4}[-/.](\d{1,2})')::integer,
			substring(btrim(value) from '^\d{4}[-/.]\d{1,2}[-/.](\d{1,2})')::integer)
		WHEN btrim(value) ~ '^\d{1,2}\.\d{1,2}\.\d{4}$' OR btrim(value) ~ '^(1[3-9]|[2-9]\d)([-/])\d{1,2}\2\d{4}$' THEN public.rowcraft_ymd(
			substring(btrim(value) from '(\d{4})$')::integer,
			substring(btrim(value) from '^\d{1,2}[-/.](\d{1,2})')::integer,
			substring(btrim(value) from '^(\d{1,2})')::integer)
		WHEN btrim(value) ~ '^\d{1,2}([-/])\d{1,2}\1\d{4}$' THEN public.rowcraft_ymd(
			substring(btrim(value) from '(\d{4})$')::integer,
			substring(btrim(value) from '^(\d{1,2})')::integer,
			substring(btrim(value) from '^\d{1,2}[-/](\d{1,2})')::integer)
	END $$;
--> statement-breakpoint
-- PGlite keeps each row's search text (it has no search index); on PostgreSQL it stays empty.
ALTER TABLE "csv_rows" ADD COLUMN "search_text" text;
