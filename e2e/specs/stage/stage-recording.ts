/**
 * What the e2e recorder has recorded of a stream: the start of its earliest
 * archive segment (GET /service/archives, signed in once as the
 * administrator), so a test seeks only to times that exist.
 */
import type { ArchivesResponse } from '../../../server/shared/api';

export interface RecordingProbe {
  earliestMs(streamId: string): Promise<number | undefined>;
}

export async function recordingProbe(baseUrl: string, password: string): Promise<RecordingProbe> {
  const signIn = await fetch(`${baseUrl}/service/sessions/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password, cookie: 'session', type: 'user' }),
  });
  const { token } = (await signIn.json()) as { token: string };
  return {
    async earliestMs(streamId) {
      const reply = await fetch(`${baseUrl}/service/archives?streamId=${encodeURIComponent(streamId)}&take=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { data } = (await reply.json()) as ArchivesResponse;
      return data.archives[0]?.start;
    },
  };
}
