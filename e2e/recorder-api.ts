/**
 * The e2e recorder's API as its administrator, for what a test sets up or
 * checks beside the screens (cameras to register, settings to restore,
 * what the recorder kept after a save).
 */
import { adminPassword, recorderBaseUrl } from './recorder-env';

export class AdminApi {
  private constructor(readonly token: string) {}

  static async signIn(): Promise<AdminApi> {
    const response = await fetch(`${recorderBaseUrl()}/service/sessions/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword(), cookie: 'session', type: 'user' }),
    });
    if (!response.ok) throw new Error(`sign-in as admin: ${response.status} ${await response.text()}`);
    return new AdminApi(((await response.json()) as { token: string }).token);
  }

  /** Sends a JSON request; a reply that is not 2xx throws with its status and text. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${recorderBaseUrl()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
