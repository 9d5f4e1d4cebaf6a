-- Every entry's week now lives in entry_week_kinds and pool_weeks.entry_kinds (migration 0025).
DROP TABLE "entry_weeks" CASCADE;
