/**
 * Registers the demo recorders with the aggregator, once: the orchid id a
 * recorder got is kept in its folder, so a later start (on new ports) only
 * updates that server's address instead of registering it again.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { User } from '../../shared/api';
import type { OrchidsService } from '../orchids/orchids-service';
import type { DemoRecorder } from './demo-recorders';

/** `pageOrigin`: the aggregator's own address, which the recorders let call them directly. */
export async function registerDemoRecorders(
  recorders: DemoRecorder[],
  options: { orchids: OrchidsService; dataDir: string; superuser: User; pageOrigin: string | null },
): Promise<void> {
  for (const recorder of recorders) {
    const idFile = path.join(options.dataDir, 'demo-recorders', String(recorder.index), 'orchid-id');
    const knownId = fs.existsSync(idFile) ? fs.readFileSync(idFile, 'utf8').trim() : undefined;
    const known = knownId ? await options.orchids.stored(knownId).catch(() => undefined) : undefined;
    if (known) {
      if (known.uri !== recorder.uri) await options.orchids.update(known.id, { uri: recorder.uri }, options.superuser, options.pageOrigin);
      continue;
    }
    const orchid = await options.orchids.register(
      { name: `Demo recorder ${recorder.index}`, uri: recorder.uri, username: recorder.username, password: recorder.password },
      options.superuser,
      options.pageOrigin,
    );
    fs.writeFileSync(idFile, `${orchid.id}\n`, { mode: 0o600 });
  }
}
