/**
 * Users (spec 7): list, create, update, delete. Without `server`, the
 * serving server's own users (the recorder's, or the aggregator's in
 * multi-server mode); with it, that registered server's users through the
 * aggregator's proxy, as the signed-in user (the bulk dialogs).
 */
import type { CreateUserRequest, UpdateUserRequest, User, UsersResponse } from '../../server/shared/api';
import { http } from './http';

export const usersApi = {
  list: async (server?: string): Promise<User[]> => (await http.get<UsersResponse>('/service/users', { queue: 'user', server })).data.users,
  create: (body: CreateUserRequest, server?: string) => http.post<User>('/service/users', body, { server }),
  update: (id: string, body: UpdateUserRequest, server?: string) => http.patch<User>(`/service/users/${encodeURIComponent(id)}`, body, { server }),
  remove: (id: string, server?: string) => http.delete(`/service/users/${encodeURIComponent(id)}`, { server }),
};
