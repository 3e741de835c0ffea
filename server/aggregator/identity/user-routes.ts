/**
 * Aggregator users (spec 7 GET, POST /service/users; PATCH, DELETE
 * /service/users/{id}): Administrators alone (spec 6). A changed password or
 * role ends the user's sessions here and on the recorders; nobody deletes
 * the superuser or their own account.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { UsersResponse } from '../../shared/api';
import { IdParams } from '../../shared/api/params';
import { CreateUserBody, UpdateUserBody } from '../../shared/api/system';
import { badRequest } from '../../common/api-error';
import { sessionOf } from '../../common/http/auth';
import type { SessionsStore } from './sessions-store';
import type { UsersStore } from './users-store';

export interface UserRoutesDeps {
  users: UsersStore;
  sessions: SessionsStore;
  /** Told when a user's rights or account change, so their recorder sessions are minted again. */
  onUserChanged?: (userId: string) => void;
}

export async function userRoutes(fastify: FastifyInstance, deps: UserRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/service/users', { config: { access: 'manage-users' } }, async (): Promise<UsersResponse> => ({ data: { users: await deps.users.list() } }));

  app.post('/service/users', { config: { access: 'manage-users' }, schema: { body: CreateUserBody } }, async (request, reply) =>
    reply.status(201).send(await deps.users.create(request.body)),
  );

  app.patch('/service/users/:id', { config: { access: 'manage-users' }, schema: { params: IdParams, body: UpdateUserBody } }, async (request) => {
    const { id: bodyId, ...changes } = request.body;
    if (bodyId !== undefined && bodyId !== request.params.id) throw badRequest('The user id in the body does not match the path.');
    const before = await deps.users.get(request.params.id);
    const { user, passwordChanged } = await deps.users.update(request.params.id, changes);
    if (passwordChanged || user.id === sessionOf(request).user.id) await deps.sessions.deleteForUser(user.id);
    if (passwordChanged || before.role !== user.role || before.username !== user.username) deps.onUserChanged?.(user.id);
    return user;
  });

  app.delete('/service/users/:id', { config: { access: 'manage-users' }, schema: { params: IdParams } }, async (request, reply) => {
    await deps.users.delete(request.params.id, sessionOf(request).user.id);
    deps.onUserChanged?.(request.params.id);
    return reply.status(204).send();
  });
}
