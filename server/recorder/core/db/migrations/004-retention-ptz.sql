-- Per-camera retention override (spec 3 "retention", spec 5): milliseconds the
-- camera's archives are kept, 0 or no row = automatic (the disk threshold
-- decides). Kept apart from the camera row so the retention policy owns it;
-- the cameras API reads and writes it through RetentionOverrides. No foreign
-- key: a deleted camera's row is removed by RetentionOverrides.forget.
CREATE TABLE camera_retention (
  camera_id    TEXT PRIMARY KEY,
  retention_ms INTEGER NOT NULL CHECK (retention_ms >= 0),
  updated_ms   INTEGER NOT NULL
);

-- What the cleaner removed, for the system report and for diagnosing why
-- archives are gone: one row per pass that removed anything.
CREATE TABLE retention_cleanings (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  at_ms            INTEGER NOT NULL,
  reason           TEXT NOT NULL CHECK (reason IN ('age', 'disk', 'missing-file')),
  segments_removed INTEGER NOT NULL,
  bytes_removed    INTEGER NOT NULL
);
CREATE INDEX retention_cleanings_at ON retention_cleanings(at_ms);

-- PTZ preset names as this recorder shows them. Presets (positions) live on
-- the camera; ONVIF cannot rename one without storing the current position
-- again, so a rename is kept here and wins over the camera's name. Rows of a
-- preset the camera no longer has are ignored and pruned when listed.
CREATE TABLE ptz_preset_names (
  camera_id  TEXT NOT NULL,
  token      TEXT NOT NULL,
  name       TEXT NOT NULL,
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (camera_id, token)
);
