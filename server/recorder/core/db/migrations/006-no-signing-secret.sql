-- Export links open with short-lived tickets kept in memory; no token is signed with a key
-- from this database any more, so the old signing secret goes (a copy of the database must
-- not be able to mint credentials).
DELETE FROM settings WHERE name = 'jwt-secret';
