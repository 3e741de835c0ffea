-- Motion events (spec 3 "Motion event": start, stop), their rollups for wide
-- histograms, and the motion masks streams are compared under.
--
-- Events of one stream never overlap (the detector merges them), so "the
-- event covering t" is the last one starting at or before t. An event is
-- `active` while the motion goes on; its stop_ms then follows the newest
-- motion every few seconds. No foreign key to streams: like archives, the
-- events of a deleted stream stay.
CREATE TABLE motion_events (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id TEXT NOT NULL,
  start_ms  INTEGER NOT NULL,
  stop_ms   INTEGER NOT NULL CHECK (stop_ms >= start_ms),
  active    INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1))
);
-- Covering: next/previous and raw histogram ranges are index-only scans.
CREATE INDEX motion_events_stream_start ON motion_events(stream_id, start_ms, stop_ms);
CREATE INDEX motion_events_active ON motion_events(stream_id) WHERE active = 1;

-- Closed events summed per UTC minute and per UTC hour: how many events
-- start in it and how many ms of it have motion. Sums of sums stay exact, so
-- any bucket made of whole minutes (or hours) is a range scan of these rows.
CREATE TABLE motion_minutes (
  stream_id TEXT NOT NULL,
  bucket_ms INTEGER NOT NULL,
  starts    INTEGER NOT NULL,
  motion_ms INTEGER NOT NULL,
  PRIMARY KEY (stream_id, bucket_ms)
) WITHOUT ROWID;

CREATE TABLE motion_hours (
  stream_id TEXT NOT NULL,
  bucket_ms INTEGER NOT NULL,
  starts    INTEGER NOT NULL,
  motion_ms INTEGER NOT NULL,
  PRIMARY KEY (stream_id, bucket_ms)
) WITHOUT ROWID;

-- One mask per stream: the image as the client sent it (served back as is)
-- and its grey picture at the detection size (what the detector uses).
CREATE TABLE motion_masks (
  stream_id    TEXT PRIMARY KEY,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  image        BLOB NOT NULL,
  gray         BLOB NOT NULL,
  width        INTEGER NOT NULL,
  height       INTEGER NOT NULL,
  updated_ms   INTEGER NOT NULL
);
