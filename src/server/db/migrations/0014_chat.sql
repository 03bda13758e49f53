CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"upload_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_upload_id_csv_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."csv_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_thread_created_idx" ON "chat_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_user_upload_idx" ON "chat_threads" USING btree ("user_id","upload_id");--> statement-breakpoint
-- Text as filters and chat plans compare it (row-storage/plan-sql.ts): outer spaces trimmed,
-- Latin accents dropped, lower case. One expression, so the planner inlines it and a trigram
-- index can be built on it.
CREATE FUNCTION rowcraft_fold(value text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT lower(translate(btrim(value), 'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčĎďĐđÈÉÊËèéêëĒēĖėĘęĚěĞğÌÍÎÏìíîïĪīİıŁłÑñŃńŇňÒÓÔÕÖØòóôõöøŌōŐőŘřŚśŠšŞşŤťÙÚÛÜùúûüŪūŮůŰűÝýÿŸŹźŻżŽž', 'AAAAAAaaaaaaAaAaAaCcCcCcDdDdEEEEeeeeEeEeEeEeGgIIIIiiiiIiIiLlNnNnNnOOOOOOooooooOoOoRrSsSsSsTtUUUUuuuuUuUuUuYyyYZzZzZz')) $$;
