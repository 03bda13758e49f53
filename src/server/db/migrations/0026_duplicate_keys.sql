CREATE TABLE "csv_row_duplicate_keys" (
	"upload_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"keys" jsonb NOT NULL,
	CONSTRAINT "csv_row_duplicate_keys_upload_id_row_index_pk" PRIMARY KEY("upload_id","row_index")
);
--> statement-breakpoint
ALTER TABLE "csv_row_duplicate_keys" ADD CONSTRAINT "csv_row_duplicate_keys_upload_id_csv_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."csv_uploads"("id") ON DELETE cascade ON UPDATE no action;