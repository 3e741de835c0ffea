-- Server and stream events of the System report (spec 2, 3, 7): what
-- happened, as the recorder saw it happen (system/system-events.ts).
--
-- kind 'orchid' is a server-wide event (stream_id NULL), kind 'stream' one
-- stream's (stream_id set). No foreign key to streams: like archives, the
-- events of a deleted stream stay until they age out. Reads are a range of
-- one kind by time, and pruning drops the oldest of each kind, so one index
-- (kind, when_ms) serves both; no report reads one stream's events alone.
CREATE TABLE system_events (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  kind      TEXT NOT NULL CHECK (kind IN ('orchid', 'stream')),
  type      TEXT NOT NULL,
  message   TEXT NOT NULL,
  stream_id TEXT,
  when_ms   INTEGER NOT NULL,
  CHECK ((kind = 'stream') = (stream_id IS NOT NULL))
);
CREATE INDEX system_events_kind_when ON system_events(kind, when_ms);
