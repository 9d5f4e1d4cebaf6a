-- Data migration: entries.selections (JSON by week: a team abbreviation, or a list of NFL player ids;
-- 'xxx' or '' meant no pick) becomes rows of picks, each with a 'migrate' audit row. A value used in
-- two weeks keeps its first week (once per season). The column itself is dropped by the next migration.
WITH moved AS (
  INSERT INTO "picks" ("entry_id", "week", "pick_id", "team_abb", "by_insurance", "created_by", "created_at")
  SELECT DISTINCT ON (e."id", v."pick")
    e."id",
    s."key"::integer,
    v."pick",
    CASE WHEN p."game" = 'nfl-td' THEN coalesce(np."team_abb", '') ELSE v."pick" END,
    false,
    NULL,
    e."created_at"
  FROM "entries" e
  JOIN "pools" p ON p."id" = e."pool_id"
  CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(e."selections") = 'object' THEN e."selections" ELSE '{}'::jsonb END) AS s("key", "value")
  CROSS JOIN LATERAL (
    SELECT jsonb_array_elements_text(s."value") AS "pick" WHERE jsonb_typeof(s."value") = 'array'
    UNION ALL
    SELECT s."value" #>> '{}' WHERE jsonb_typeof(s."value") IN ('string', 'number')
  ) AS v
  LEFT JOIN "nfl_players" np ON p."game" = 'nfl-td' AND np."id" = v."pick"
  WHERE s."key" ~ '^[0-9]{1,3}$'
    AND s."key"::integer >= 1
    AND v."pick" IS NOT NULL
    AND btrim(v."pick") <> ''
    AND lower(v."pick") <> 'xxx'
  ORDER BY e."id", v."pick", s."key"::integer
  ON CONFLICT ("entry_id", "pick_id") DO NOTHING
  RETURNING "entry_id", "week", "pick_id", "created_at"
)
INSERT INTO "pick_audits" ("entry_id", "week", "action", "old_pick_id", "new_pick_id", "user_id", "created_at")
SELECT "entry_id", "week", 'migrate', NULL, "pick_id", NULL, "created_at" FROM moved;
