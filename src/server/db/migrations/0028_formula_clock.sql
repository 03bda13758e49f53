ALTER TABLE "upload_columns" ADD COLUMN "formula_computed_on" date;--> statement-breakpoint
-- Formula columns made before: a day long past, so the clock job looks at each once, computes again
-- those that read TODAY() and clears the day of the others.
UPDATE "upload_columns" SET "formula_computed_on" = DATE '1970-01-01' WHERE "kind" = 'formula';
