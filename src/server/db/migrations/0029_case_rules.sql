-- Text rules that do not depend on the database's locale (issue 41). lower() and upper() follow the
-- character classes of the collation they are given, by default the database's: in a database made
-- with the C locale only ASCII letters have a case, so 'ΑΘΗΝΑ' did not fold to 'αθηνα' and
-- LOWER('ÉLODIE') gave 'éLODIE'. rowcraft_case is Unicode's simple case mapping, one letter for
-- one letter, whatever the database's locale: PostgreSQL's builtin C.UTF-8 where it has one (17 and
-- later, PGlite), else the C.UTF-8 of the operating system's C library (glibc's is the same mapping);
-- ICU's root locale as a last resort. rowcraft_fold and the formula compiler's LOWER and UPPER use it.
-- In a database whose locale already had this mapping (C.UTF-8, en_US.UTF-8 and the like) every
-- folded value is unchanged, so the trigram indexes built on rowcraft_fold stay valid; in a
-- database with the C locale they hold the old folding of non-ASCII capitals until rebuilt.
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'pg_c_utf8' AND collnamespace = 'pg_catalog'::regnamespace) THEN
		EXECUTE 'CREATE COLLATION public.rowcraft_case (provider = builtin, locale = ''C.UTF-8'')';
	ELSIF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'C.utf8' AND collprovider = 'c' AND collnamespace = 'pg_catalog'::regnamespace) THEN
		EXECUTE 'CREATE COLLATION public.rowcraft_case FROM pg_catalog."C.utf8"';
	ELSIF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'C.UTF-8' AND collprovider = 'c' AND collnamespace = 'pg_catalog'::regnamespace) THEN
		EXECUTE 'CREATE COLLATION public.rowcraft_case FROM pg_catalog."C.UTF-8"';
	ELSIF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu' AND collnamespace = 'pg_catalog'::regnamespace) THEN
		EXECUTE 'CREATE COLLATION public.rowcraft_case FROM pg_catalog."und-x-icu"';
	ELSE
		RAISE EXCEPTION 'Rowcraft needs a collation with Unicode case rules: PostgreSQL 17 or later, or a server with the C.UTF-8 locale or ICU.';
	END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rowcraft_fold(value text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT lower((CASE WHEN octet_length(value) = length(value) THEN btrim(value) ELSE translate(btrim(value), 'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčĎďĐđÈÉÊËèéêëĒēĖėĘęĚěĞğÌÍÎÏìíîïĪīİıŁłÑñŃńŇňÒÓÔÕÖØòóôõöøŌōŐőŘřŚśŠšŞşŤťÙÚÛÜùúûüŪūŮůŰűÝýÿŸŹźŻżŽž', 'AAAAAAaaaaaaAaAaAaCcCcCcDdDdEEEEeeeeEeEeEeEeGgIIIIiiiiIiIiLlNnNnNnOOOOOOooooooOoOoRrSsSsSsTtUUUUuuuuUuUuUuYyyYZzZzZz') END) COLLATE public.rowcraft_case) $$;
