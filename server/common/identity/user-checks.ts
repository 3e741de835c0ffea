/**
 * The checks both editions make of a user request before storing it: a
 * field's validation message (shared/validation.ts) as a 400, and a role
 * matched case-insensitively or refused with the roles there are.
 */
import { parseRole, type Role } from '../../shared/roles';
import { badRequest } from '../api-error';

/** Throws the 400 for a validation message; nothing when there is none. */
export function checkUserField(message: string | undefined): void {
  if (message) throw badRequest(message);
}

export function checkRole(value: unknown): Role {
  const role = parseRole(value);
  if (!role) throw badRequest(`Unknown role '${String(value)}'. Roles are Live Viewer, Viewer, Manager and Administrator.`);
  return role;
}
