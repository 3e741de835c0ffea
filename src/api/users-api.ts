/** Users of the serving recorder (spec 7): list, create, update, delete. */
import type { CreateUserRequest, UpdateUserRequest, User, UsersResponse } from '../../server/shared/api';
import { http } from './http';

export const usersApi = {
  list: async (): Promise<User[]> => (await http.get<UsersResponse>('/service/users', { queue: 'user' })).data.users,
  create: (body: CreateUserRequest) => http.post<User>('/service/users', body),
  update: (id: string, body: UpdateUserRequest) => http.patch<User>(`/service/users/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete(`/service/users/${encodeURIComponent(id)}`),
};
