ALTER TABLE "ai_cells" ADD COLUMN "auto_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_fields" ADD COLUMN "auto_run" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_fields" ADD COLUMN "auto_run_stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_fields" ADD COLUMN "auto_run_monthly_cap" integer;--> statement-breakpoint
ALTER TABLE "ai_fields" ADD COLUMN "auto_run_month" text;--> statement-breakpoint
ALTER TABLE "ai_fields" ADD COLUMN "auto_run_spent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_fields" ADD COLUMN "auto_run_paused_at" timestamp with time zone;