-- Rows of every upload, one partition per upload (see schema/rows.ts). Each import loads its
-- partition unindexed, builds the primary key, then attaches it; the search index is built per
-- partition afterwards, so a new upload never slows down on indexes of the others.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "csv_rows" (
	"upload_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"data" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "csv_rows_pkey" PRIMARY KEY ("upload_id", "row_index")
) PARTITION BY LIST ("upload_id");
