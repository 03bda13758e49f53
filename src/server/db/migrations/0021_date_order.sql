ALTER TABLE "upload_columns" ADD COLUMN "date_order" text;--> statement-breakpoint
ALTER TABLE "upload_columns" ADD COLUMN "date_order_basis" text;--> statement-breakpoint
-- hand-written below
-- A date column's day/month order is the column's (upload_columns.date_order), passed by the
-- compiler as a literal so the sort indexes are built on the very expression the grid sorts by:
-- true reads 04/07/2024 as 4 July, false as April 7, NULL as before (dotted dates day first, the
-- others month first). A part over 12 is the day whatever the order. Two-digit years: below 30 in
-- the 2000s (DATES.twoDigitYearPivot). Helpers are named with their schema (index builds run with
-- a search_path of pg_catalog only). src/common/cell-values.ts reads dates the same way.
CREATE FUNCTION rowcraft_full_year(digits text) RETURNS integer
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE WHEN length(digits) = 4 THEN digits::integer WHEN digits::integer < 30 THEN 2000 + digits::integer ELSE 1900 + digits::integer END $$;
--> statement-breakpoint
CREATE FUNCTION rowcraft_dm_date(first integer, second integer, year integer, day_first boolean) RETURNS integer
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE
		WHEN (day_first AND NOT (second > 12 AND first <= 12)) OR (NOT day_first AND first > 12) THEN public.rowcraft_ymd(year, second, first)
		ELSE public.rowcraft_ymd(year, first, second)
	END $$;
--> statement-breakpoint
CREATE FUNCTION rowcraft_date_key(value text, day_first boolean) RETURNS integer
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE
		WHEN btrim(value) ~ '^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}([T ].*)?$' THEN public.rowcraft_ymd(
			substring(btrim(value) from '^(\d{4})')::integer,
			substring(btrim(value) from '^\d{4}[-/.](\d{1,2})')::integer,
			substring(btrim(value) from '^\d{4}[-/.]\d{1,2}[-/.](\d{1,2})')::integer)
		WHEN btrim(value) ~ '^\d{1,2}([-/.])\d{1,2}\1(\d{4}|\d{2})$' THEN public.rowcraft_dm_date(
			substring(btrim(value) from '^(\d{1,2})')::integer,
			substring(btrim(value) from '^\d{1,2}[-/.](\d{1,2})')::integer,
			public.rowcraft_full_year(substring(btrim(value) from '(\d+)$')),
			coalesce(day_first, btrim(value) ~ '^\d{1,2}\.'))
	END $$;
--> statement-breakpoint
-- Sort indexes of date columns were built on the one-argument reading, which the grid no longer
-- sorts by: they go, and are built again on the new expression when a column is first sorted.
DO $$
DECLARE idx record;
BEGIN
	FOR idx IN SELECT indexname FROM pg_indexes WHERE tablename LIKE 'csv_rows_u_%' AND indexdef LIKE '%rowcraft_date_key(%' LOOP
		EXECUTE format('DROP INDEX IF EXISTS %I', idx.indexname);
	END LOOP;
END $$;
