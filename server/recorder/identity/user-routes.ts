/**
 * Users API (spec 7): Administrators alone manage users (spec 6). Editing
 * one's own account ends one's sessions (spec 4); a changed password ends the
 * edited user's sessions too, so a leaked password stops working at once.
 */
import type { FastifyInstance } from 'fastify';
import type { CreateUserRequest, UpdateUserRequest, UsersResponse } from '../../shared/api';
import { badRequest } from '../core/api-error';
import type { SessionsService } from './sessions';
import type { UsersService } from './users';
import { sessionOf } from '../core/http/auth';

export interface UserRoutesDeps {
  users: UsersService;
  sessions: SessionsService;
}

const nullableString = { anyOf: [{ type: 'string', maxLength: 1024 }, { type: 'null' }] };
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

const createSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', maxLength: 64 },
    password: { type: 'string', maxLength: 1024 },
    passwordConfirm: { type: 'string', maxLength: 1024 },
    role: { type: 'string', maxLength: 64 },
    email: nullableString,
  },
} as const;

const updateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // The client may echo the id back; it must match the path.
    id: { type: 'string', maxLength: 64 },
    username: { type: 'string', maxLength: 64 },
    password: nullableString,
    passwordConfirm: nullableString,
    role: { type: 'string', maxLength: 64 },
    email: nullableString,
  },
} as const;

export async function userRoutes(app: FastifyInstance, deps: UserRoutesDeps): Promise<void> {
  app.get('/service/users', { config: { access: 'manage-users' } }, async (): Promise<UsersResponse> => {
    return { data: { users: deps.users.list() } };
  });

  app.post<{ Body: CreateUserRequest }>('/service/users', { config: { access: 'manage-users' }, schema: { body: createSchema } }, async (request, reply) => {
    const user = await deps.users.create(request.body);
    return reply.status(201).send(user);
  });

  app.patch<{ Params: { id: string }; Body: UpdateUserRequest & { id?: string } }>(
    '/service/users/:id',
    { config: { access: 'manage-users' }, schema: { params: idParams, body: updateSchema } },
    async (request) => {
      const session = sessionOf(request);
      const { id: bodyId, ...changes } = request.body;
      if (bodyId !== undefined && bodyId !== request.params.id) {
        throw badRequest('The user id in the body does not match the path.');
      }
      const { user, passwordChanged } = await deps.users.update(request.params.id, changes);
      if (user.id === session.user.id || passwordChanged) deps.sessions.deleteForUser(user.id);
      return user;
    },
  );

  app.delete<{ Params: { id: string } }>('/service/users/:id', { config: { access: 'manage-users' }, schema: { params: idParams } }, async (request, reply) => {
    deps.users.delete(request.params.id);
    return reply.status(204).send();
  });
}
