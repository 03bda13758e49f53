CREATE TABLE "user_secrets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"encrypted_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_cells" ADD COLUMN "steps" jsonb;--> statement-breakpoint
ALTER TABLE "ai_fields" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "user_secrets" ADD CONSTRAINT "user_secrets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_secrets_user_name_idx" ON "user_secrets" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "user_secrets_user_idx" ON "user_secrets" USING btree ("user_id");