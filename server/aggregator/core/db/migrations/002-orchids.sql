-- Registered recorders ("orchids"). The password is sealed (AES-256-GCM, key outside the database);
-- server_id is the recorder's own id, the audience of the tokens minted for it.
CREATE TABLE orchids (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  uri TEXT NOT NULL,
  username TEXT NOT NULL,
  password_sealed TEXT NOT NULL,
  server_id TEXT,
  created_ms BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL
);
