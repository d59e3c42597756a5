-- Hand-written (decision 037): cash movements and closings are append-only. A guard rail only: the
-- owner can disable these triggers; the chain and its Ed25519 signatures are the proof.
-- Written with `npx drizzle-kit generate --custom` (decision 038: migrations are additive).
CREATE FUNCTION "cash_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Les enregistrements de caisse ne se modifient ni ne se suppriment (table %).', TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "cash_movements_append_only" BEFORE UPDATE OR DELETE ON "cash_movements"
  FOR EACH ROW EXECUTE FUNCTION "cash_append_only"();
--> statement-breakpoint
CREATE TRIGGER "cash_movements_no_truncate" BEFORE TRUNCATE ON "cash_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION "cash_append_only"();
--> statement-breakpoint
CREATE TRIGGER "cash_closings_append_only" BEFORE UPDATE OR DELETE ON "cash_closings"
  FOR EACH ROW EXECUTE FUNCTION "cash_append_only"();
--> statement-breakpoint
CREATE TRIGGER "cash_closings_no_truncate" BEFORE TRUNCATE ON "cash_closings"
  FOR EACH STATEMENT EXECUTE FUNCTION "cash_append_only"();
