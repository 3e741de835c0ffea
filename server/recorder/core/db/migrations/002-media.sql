-- Cameras, their streams and the archive index (spec 3, 4, 7).
--
-- Camera credentials are stored so the recorder can pull RTSP and talk ONVIF;
-- they never leave the server in a reply. JSON columns hold the structured
-- parts the API shows as they are (capabilities, stream configuration).

CREATE TABLE cameras (
  id                  TEXT PRIMARY KEY,
  name                TEXT NOT NULL,
  driver              TEXT NOT NULL CHECK (driver IN ('ONVIF', 'Generic RTSP')),
  -- Connection as the user gave it, without userinfo.
  uri                 TEXT NOT NULL,
  username            TEXT NOT NULL DEFAULT '',
  password            TEXT NOT NULL DEFAULT '',
  ip_address          TEXT NOT NULL DEFAULT '',
  manufacturer        TEXT NOT NULL DEFAULT '',
  model               TEXT NOT NULL DEFAULT '',
  capabilities_json   TEXT NOT NULL,
  -- What the last connection found (one entry per usable profile): where new streams come from.
  profiles_json       TEXT NOT NULL DEFAULT '[]',
  quirks_json         TEXT NOT NULL DEFAULT '[]',
  primary_stream_id   TEXT,
  defunct             INTEGER NOT NULL DEFAULT 0,
  created_ms          INTEGER NOT NULL,
  updated_ms          INTEGER NOT NULL
);

CREATE TABLE streams (
  id                           TEXT PRIMARY KEY,
  camera_id                    TEXT NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
  name                         TEXT NOT NULL,
  -- The camera's RTSP URI without credentials (they are added when ffmpeg starts).
  source_uri                   TEXT NOT NULL,
  -- ONVIF media profile the stream comes from; NULL for Generic RTSP.
  profile_token                TEXT,
  configuration_json           TEXT NOT NULL,
  recording_configuration_json TEXT NOT NULL,
  capabilities_json            TEXT NOT NULL,
  dewarp_configuration_json    TEXT,
  position                     INTEGER NOT NULL,
  created_ms                   INTEGER NOT NULL
);
CREATE INDEX streams_camera ON streams(camera_id, position);

-- One row per archive segment ("orchive"). No foreign key to streams: the
-- archives of a deleted camera stay until retention removes them.
-- path is relative to the recorder's data folder.
CREATE TABLE archives (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id   TEXT NOT NULL,
  camera_id   TEXT NOT NULL,
  start_ms    INTEGER NOT NULL,
  end_ms      INTEGER NOT NULL,
  path        TEXT NOT NULL UNIQUE,
  size_bytes  INTEGER NOT NULL DEFAULT 0,
  active      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX archives_stream_start ON archives(stream_id, start_ms);
CREATE INDEX archives_stream_end ON archives(stream_id, end_ms);
CREATE INDEX archives_camera ON archives(camera_id, start_ms);
CREATE INDEX archives_active ON archives(active) WHERE active = 1;
