-- Issue 42: the import COPYs every row's duplicate labels beside its rows; the foreign key's
-- check ran once per row (2-3 s of PostgreSQL's time for 461,000 rows). Row storage deletes an
-- upload's labels with its rows (dropUploadRows) instead of the cascade.
ALTER TABLE "csv_row_duplicate_keys" DROP CONSTRAINT "csv_row_duplicate_keys_upload_id_csv_uploads_id_fk";
