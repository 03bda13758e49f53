ALTER TABLE "ai_fields" ADD COLUMN "run_budget_spent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Runs under way keep what their budget already counted (the auto cells' part cannot be told apart now).
UPDATE "ai_fields" SET "run_budget_spent" = "run_credits_spent" WHERE "run_budget" IS NOT NULL;--> statement-breakpoint
-- Two columns of one file that a person reads as one name (a race of two requests could make them):
-- the later ones get a number, so the unique index below can be built.
UPDATE "upload_columns" AS c SET "name" = c."name" || ' (' || d.n || ')'
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "upload_id", lower(btrim("name")) ORDER BY "position", "created_at", "id") AS n
	FROM "upload_columns"
) AS d
WHERE c."id" = d."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_columns_upload_name_idx" ON "upload_columns" USING btree ("upload_id",lower(btrim("name")));--> statement-breakpoint
-- The refunds of a batch of debits (an AI run's failed cells), in the caller's transaction (the one
-- that writes the cells): each debit given back once, keyed 'refund:' || its key; keys with no
-- debit or already refunded are skipped. Answers the debits' keys refunded now.
CREATE FUNCTION rowcraft_refund_batch(p_user text, p_keys jsonb, p_reason text)
	RETURNS text[]
	LANGUAGE plpgsql VOLATILE
	AS $$
DECLARE
	v_before integer;
	v_keys text[];
	v_total integer;
BEGIN
	SELECT s.current_credits INTO v_before FROM subscribers AS s WHERE s.user_id = p_user FOR UPDATE;
	IF NOT FOUND THEN
		RETURN '{}';
	END IF;
	WITH fresh AS (
		SELECT d.idempotency_key AS key, -d.amount AS credits, k.n
		FROM jsonb_array_elements_text(p_keys) WITH ORDINALITY AS k(key, n)
		JOIN credit_transactions AS d ON d.user_id = p_user AND d.idempotency_key = k.key AND d.amount < 0
		WHERE NOT EXISTS (
			SELECT 1 FROM credit_transactions AS r WHERE r.user_id = p_user AND r.idempotency_key = 'refund:' || k.key
		)
	), added AS (
		INSERT INTO credit_transactions (user_id, operation, amount, balance_after, idempotency_key, reference)
		SELECT p_user, 'refund', f.credits, v_before + sum(f.credits) OVER (ORDER BY f.n), 'refund:' || f.key, p_reason
		FROM fresh AS f
		RETURNING idempotency_key, amount
	)
	SELECT coalesce(array_agg(substr(idempotency_key, 8)), '{}'), coalesce(sum(amount), 0) INTO v_keys, v_total FROM added;
	IF v_total > 0 THEN
		UPDATE subscribers SET current_credits = v_before + v_total, updated_at = now() WHERE user_id = p_user;
	END IF;
	RETURN v_keys;
END
$$;
