-- Aggregator users and their sign-in sessions (tokens stored as SHA-256 only).
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL,
  email TEXT,
  super_user INTEGER NOT NULL DEFAULT 0,
  created_ms BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  persistent INTEGER NOT NULL,
  created_ms BIGINT NOT NULL,
  expires_ms BIGINT NOT NULL,
  address TEXT
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
