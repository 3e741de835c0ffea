-- The origin of the aggregator page that registered (or last reconnected) each recorder: the recorder
-- allows that origin's direct calls (its trusted issuer's URL), so pages served from it may call it directly.
ALTER TABLE orchids ADD COLUMN page_origin TEXT;
