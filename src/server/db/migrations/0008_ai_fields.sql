CREATE TABLE "ai_cells" (
	"field_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"status" text NOT NULL,
	"value" jsonb,
	"error" text,
	"reasoning" text,
	"confidence" real,
	"sources" jsonb,
	"provider" text,
	"model" text,
	"prompt_version" integer,
	"input_hash" text,
	"input_tokens" integer,
	"output_tokens" integer,
	"cached_tokens" integer,
	"credits" integer DEFAULT 0 NOT NULL,
	"latency_ms" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"charge_seq" integer DEFAULT 0 NOT NULL,
	"own_key" boolean DEFAULT false NOT NULL,
	"reused" boolean DEFAULT false NOT NULL,
	"run_seq" integer DEFAULT 0 NOT NULL,
	"follows_row" integer,
	"claim_token" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_cells_field_id_row_index_pk" PRIMARY KEY("field_id","row_index")
);
--> statement-breakpoint
CREATE TABLE "ai_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"column_key" text NOT NULL,
	"prompt" text NOT NULL,
	"prompt_version" integer DEFAULT 1 NOT NULL,
	"output_type" jsonb NOT NULL,
	"web_search" boolean DEFAULT false NOT NULL,
	"referenced_keys" jsonb NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"run_seq" integer DEFAULT 0 NOT NULL,
	"run_scope" text,
	"run_total" integer DEFAULT 0 NOT NULL,
	"run_budget" integer,
	"run_credits_spent" integer DEFAULT 0 NOT NULL,
	"run_provider" text,
	"run_model" text,
	"run_own_key" boolean DEFAULT false NOT NULL,
	"run_stop_reason" text,
	"run_started_at" timestamp with time zone,
	"run_finished_at" timestamp with time zone,
	"run_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_cells" ADD CONSTRAINT "ai_cells_field_id_ai_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."ai_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_cells" ADD CONSTRAINT "ai_cells_upload_id_csv_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."csv_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_fields" ADD CONSTRAINT "ai_fields_upload_id_csv_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."csv_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_fields" ADD CONSTRAINT "ai_fields_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_fields" ADD CONSTRAINT "ai_fields_column_fk" FOREIGN KEY ("upload_id","column_key") REFERENCES "public"."upload_columns"("upload_id","key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_cells_field_status_idx" ON "ai_cells" USING btree ("field_id","status");--> statement-breakpoint
CREATE INDEX "ai_cells_field_hash_idx" ON "ai_cells" USING btree ("field_id","input_hash");--> statement-breakpoint
CREATE INDEX "ai_cells_upload_row_idx" ON "ai_cells" USING btree ("upload_id","row_index");--> statement-breakpoint
CREATE INDEX "ai_cells_claim_idx" ON "ai_cells" USING btree ("field_id","row_index") WHERE status = 'queued' and follows_row is null;--> statement-breakpoint
CREATE INDEX "ai_cells_lease_idx" ON "ai_cells" USING btree ("lease_until") WHERE status = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "ai_fields_upload_column_idx" ON "ai_fields" USING btree ("upload_id","column_key");--> statement-breakpoint
CREATE INDEX "ai_fields_user_idx" ON "ai_fields" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ai_fields_status_idx" ON "ai_fields" USING btree ("status");--> statement-breakpoint
-- hand-written below
-- An edit of a value a prompt uses makes that row's done AI cells stale (issue 12 §9), whatever
-- wrote it: a cell edit, another AI column's answer, a later import path. A deleted row takes its
-- AI cells with it. Row-level AFTER triggers on the partitioned table reach every partition.
CREATE FUNCTION rowcraft_ai_cells_follow_rows() RETURNS trigger
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
		AND EXISTS (
			SELECT 1 FROM jsonb_array_elements_text(f.referenced_keys) AS k(key)
			WHERE (OLD.data -> k.key) IS DISTINCT FROM (NEW.data -> k.key)
		);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER csv_rows_ai_cells_stale AFTER UPDATE OF data ON csv_rows
	FOR EACH ROW WHEN (OLD.data IS DISTINCT FROM NEW.data) EXECUTE FUNCTION rowcraft_ai_cells_follow_rows();
--> statement-breakpoint
CREATE TRIGGER csv_rows_ai_cells_delete AFTER DELETE ON csv_rows
	FOR EACH ROW EXECUTE FUNCTION rowcraft_ai_cells_follow_rows();
