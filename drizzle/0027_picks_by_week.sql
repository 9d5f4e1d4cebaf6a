-- One week's picks found without reading every week's: judging a big pool's week joins them to its entries.
CREATE INDEX "picks_week_entry_idx" ON "picks" USING btree ("week","entry_id");