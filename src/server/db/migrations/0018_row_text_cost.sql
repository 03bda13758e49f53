-- rowcraft_row_text costs about 12 µs a row on PostgreSQL (a SQL function that cannot inline:
-- jsonb_each_text, string_agg, lower), 300 times the planner's cpu_operator_cost rather than the
-- default 100 times. With the honest cost the planner (1) runs a grid search's capped count, which
-- rechecks up to 10,001 rows of the trigram index, as a parallel bitmap scan: 118 -> 67 ms on
-- 100,000 rows; and (2) serves a two-word global search from the index instead of reading the
-- table from its start: 11.2 -> 3.1 ms. One-word searches kept their plans. Nothing else changes.
ALTER FUNCTION rowcraft_row_text(jsonb) COST 300;
