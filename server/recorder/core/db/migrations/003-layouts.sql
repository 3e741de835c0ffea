-- Saved stages ("layouts", spec 3 "Stage", spec 6 "Stages"). The matrix is
-- kept as the JSON the API shows; the cameras are derived from it on save
-- (camera_count lets the list filter shared stages without parsing JSON).
-- A deleted user's private stages go with them; their shared stages stay,
-- without an owner, for the administrators to manage.
CREATE TABLE layouts (
  id                TEXT PRIMARY KEY,
  name              TEXT NOT NULL,
  shared            INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),
  stage_matrix_json TEXT NOT NULL,
  cameras_json      TEXT NOT NULL,
  camera_count      INTEGER NOT NULL DEFAULT 0,
  owner_id          TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_ms        INTEGER NOT NULL,
  updated_ms        INTEGER NOT NULL
);
CREATE INDEX layouts_owner ON layouts(owner_id);
CREATE INDEX layouts_shared ON layouts(shared);

CREATE TRIGGER layouts_drop_private_of_deleted_user
BEFORE DELETE ON users
FOR EACH ROW
BEGIN
  DELETE FROM layouts WHERE owner_id = OLD.id AND shared = 0;
END;
