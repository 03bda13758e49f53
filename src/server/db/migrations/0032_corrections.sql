CREATE TABLE "ai_field_examples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"row_index" integer NOT NULL,
	"inputs" jsonb NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_cells" ADD COLUMN "corrected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_field_examples" ADD CONSTRAINT "ai_field_examples_field_id_ai_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."ai_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_field_examples" ADD CONSTRAINT "ai_field_examples_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_field_examples_field_row_idx" ON "ai_field_examples" USING btree ("field_id","row_index");--> statement-breakpoint
CREATE INDEX "ai_field_examples_user_idx" ON "ai_field_examples" USING btree ("user_id");--> statement-breakpoint
-- hand-written below
-- A corrected cell (decision 038) is the user's value, not the prompt's: an edit of the row's
-- inputs leaves it done (0008's trigger, with the corrected cells left out).
CREATE OR REPLACE FUNCTION rowcraft_ai_cells_follow_rows() RETURNS trigger
	LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		DELETE FROM ai_cells WHERE upload_id = OLD.upload_id AND row_index = OLD.row_index;
		RETURN NULL;
	END IF;
	UPDATE ai_cells AS c SET status = 'stale', updated_at = now()
	FROM ai_fields AS f
	WHERE f.upload_id = NEW.upload_id
		AND c.field_id = f.id
		AND c.row_index = NEW.row_index
		AND c.status = 'done'
		AND NOT c.corrected
		AND EXISTS (
			SELECT 1 FROM jsonb_array_elements_text(f.referenced_keys) AS k(key)
			WHERE (OLD.data -> k.key) IS DISTINCT FROM (NEW.data -> k.key)
		);
	RETURN NULL;
END
$$;
