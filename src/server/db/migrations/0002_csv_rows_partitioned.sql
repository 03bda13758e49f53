-- Rows of every upload, one partition per upload (see schema/rows.ts). Each import loads its
-- partition unindexed, builds the primary key, then attaches it; the search index is built per
-- partition afterwards (PostgreSQL only), so a new upload never slows down on indexes of the others.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The text a search looks in: a row's values, lower-cased. Computed by the database (on its own
-- core, during the index build) rather than sent with every row.
CREATE FUNCTION rowcraft_row_text(data jsonb) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT lower(coalesce(string_agg(value, ' '), '')) FROM jsonb_each_text(data) $$;
--> statement-breakpoint
CREATE TABLE "csv_rows" (
	"upload_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "csv_rows_pkey" PRIMARY KEY ("upload_id", "row_index")
) PARTITION BY LIST ("upload_id");
