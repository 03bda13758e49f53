DROP INDEX "ai_cells_field_status_idx";--> statement-breakpoint
DROP INDEX "ai_cells_field_hash_idx";--> statement-breakpoint
CREATE INDEX "ai_cells_done_hash_idx" ON "ai_cells" USING btree ("field_id","input_hash") WHERE status = 'done';