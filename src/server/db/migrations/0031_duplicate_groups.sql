CREATE TABLE "csv_duplicate_groups" (
	"upload_id" uuid NOT NULL,
	"figure" text NOT NULL,
	"value_hash" bigint NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "csv_duplicate_groups_upload_id_figure_value_hash_pk" PRIMARY KEY("upload_id","figure","value_hash")
);
--> statement-breakpoint
ALTER TABLE "csv_uploads" ADD COLUMN "duplicate_groups" text;--> statement-breakpoint
ALTER TABLE "csv_duplicate_groups" ADD CONSTRAINT "csv_duplicate_groups_upload_id_csv_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."csv_uploads"("id") ON DELETE cascade ON UPDATE no action;