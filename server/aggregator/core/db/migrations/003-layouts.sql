-- Saved stages of the aggregator's users (spec 3 "Stage"): cameras of any registered server, as {id, orchidId}.
-- owner_id is kept (set to NULL) when its user is deleted, so a shared stage outlives its author.
CREATE TABLE layouts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  shared INTEGER NOT NULL DEFAULT 0,
  stage_matrix_json TEXT NOT NULL,
  cameras_json TEXT NOT NULL,
  camera_count INTEGER NOT NULL,
  owner_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_ms BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL
);
CREATE INDEX layouts_owner ON layouts (owner_id);
