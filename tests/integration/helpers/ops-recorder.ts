/** Users of each role for the export, PTZ and retention tests. */
import { call, signIn } from './recorder-process';

/** Sign-in tokens of the admin and of a new Manager and Viewer. */
export async function roleTokens(baseUrl: string): Promise<{ admin: string; manager: string; viewer: string }> {
  const admin = await signIn(baseUrl, 'admin', 'secret');
  for (const [username, role] of [['manager', 'Manager'], ['viewer', 'Viewer']] as const) {
    const reply = await call(baseUrl, 'POST', '/service/users', { token: admin, json: { username, password: 'password', role } });
    if (reply.status !== 201) throw new Error(`creating ${username}: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return { admin, manager: await signIn(baseUrl, 'manager', 'password'), viewer: await signIn(baseUrl, 'viewer', 'password') };
}
