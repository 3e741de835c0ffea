/**
 * Users API (spec 7): Administrators alone manage users (spec 6). Editing
 * one's own account ends one's sessions (spec 4); a changed password ends the
 * edited user's sessions too, so a leaked password stops working at once.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { UsersResponse } from '../../shared/api';
import { IdParams } from '../../shared/api/params';
import { CreateUserBody, UpdateUserBody } from '../../shared/api/system';
import { badRequest } from '../../common/api-error';
import type { SessionsService } from './sessions';
import type { UsersService } from './users';
import { sessionOf } from '../../common/http/auth';

export interface UserRoutesDeps {
  users: UsersService;
  sessions: SessionsService;
}

export async function userRoutes(fastify: FastifyInstance, deps: UserRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/service/users', { config: { access: 'manage-users' } }, async (): Promise<UsersResponse> => {
    return { data: { users: deps.users.list() } };
  });

  app.post('/service/users', { config: { access: 'manage-users' }, schema: { body: CreateUserBody } }, async (request, reply) => {
    const user = await deps.users.create(request.body);
    return reply.status(201).send(user);
  });

  app.patch(
    '/service/users/:id',
    { config: { access: 'manage-users' }, schema: { params: IdParams, body: UpdateUserBody } },
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

  app.delete('/service/users/:id', { config: { access: 'manage-users' }, schema: { params: IdParams } }, async (request, reply) => {
    deps.users.delete(request.params.id);
    return reply.status(204).send();
  });
}
