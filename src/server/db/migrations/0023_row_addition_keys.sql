CREATE TABLE "row_addition_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"upload_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "row_addition_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "row_addition_keys" ADD CONSTRAINT "row_addition_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "row_addition_keys" ADD CONSTRAINT "row_addition_keys_upload_id_csv_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."csv_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "row_addition_keys_created_idx" ON "row_addition_keys" USING btree ("user_id","created_at");