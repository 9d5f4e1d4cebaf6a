ALTER TABLE "entries" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An entry row's version moves with every update of the row, as its xmin did (a pick decided on the row
-- as it was is refused once anything of it changed: its lives, status, a rebuy). An update that sets the
-- version itself (a pick, the settlement's rewrite of a million entries) runs nothing: the WHEN is read
-- without calling the function. Any other update runs it once per row.
CREATE FUNCTION "entries_next_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "entries_version" BEFORE UPDATE ON "entries"
  FOR EACH ROW WHEN (NEW.version = OLD.version) EXECUTE FUNCTION "entries_next_version"();
