-- A batch of debits in one round trip (credits.service consumeCreditsBatch): the account row is
-- locked first, then the keys already in the ledger are read (in a statement of their own, so
-- they include what another batch committed while this one waited for the lock), then as many
-- new keys as the balance pays for are written in order, each with the balance after it. An AI
-- run charges a batch per claim; as a transaction of five statements, its round trips were a
-- fifth of a busy worker's time per claim.
CREATE FUNCTION rowcraft_charge_batch(p_user text, p_operation text, p_each integer, p_keys jsonb, p_reference text)
	RETURNS TABLE (charged text[], refused text[], remaining integer)
	LANGUAGE plpgsql VOLATILE
	AS $$
DECLARE
	v_before integer;
	v_known text[];
	v_fresh text[];
	v_paying integer;
BEGIN
	SELECT s.current_credits INTO v_before FROM subscribers AS s WHERE s.user_id = p_user FOR UPDATE;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	SELECT coalesce(array_agg(t.idempotency_key), '{}') INTO v_known FROM credit_transactions AS t
		WHERE t.user_id = p_user AND t.idempotency_key IN (SELECT jsonb_array_elements_text(p_keys));
	SELECT coalesce(array_agg(k.key ORDER BY k.n), '{}') INTO v_fresh
		FROM jsonb_array_elements_text(p_keys) WITH ORDINALITY AS k(key, n) WHERE k.key <> ALL (v_known);
	v_paying := least(cardinality(v_fresh), v_before / p_each);
	IF v_paying > 0 THEN
		INSERT INTO credit_transactions (user_id, operation, amount, balance_after, idempotency_key, reference)
			SELECT p_user, p_operation, -p_each, v_before - p_each * k.n, k.key, p_reference
			FROM unnest(v_fresh[1:v_paying]) WITH ORDINALITY AS k(key, n);
		UPDATE subscribers SET current_credits = v_before - p_each * v_paying, updated_at = now() WHERE user_id = p_user;
	END IF;
	RETURN QUERY SELECT v_known || v_fresh[1:v_paying], v_fresh[v_paying + 1:], v_before - p_each * v_paying;
END
$$;
