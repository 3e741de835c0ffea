/**
 * Camera recovery (spec 2 "recover-camera dialog", spec 5: needs server
 * 2.2.2 or later): after a camera's address or settings changed outside the
 * product, PATCH /service/cameras/{id} with a connection reads the camera
 * again and its streams follow what it now offers. Pure: the streams keep
 * their ids (so their archives, recording styles, names, dewarp and motion
 * settings stay theirs) and take the new profile's RTSP URI, capabilities
 * and current Video settings.
 *
 * Matching: an ONVIF stream takes the profile with its token; streams whose
 * token is gone take the remaining profiles in order (a camera reset to
 * factory settings may name its profiles anew). A stream left without a
 * profile keeps its old source (its ingest reports the failure). A Generic
 * RTSP stream keeps its path on the new host.
 */
import type { CameraDriver } from '../../shared/api';
import type { ProbedCamera, ProbedStream } from './cameras-connect';
import type { StreamRecord } from './cameras-store';

function onProfile(stream: StreamRecord, profile: ProbedStream): StreamRecord {
  return {
    ...stream,
    sourceUri: profile.sourceUri,
    profileToken: profile.profileToken,
    capabilities: profile.capabilities,
    configuration: { ...stream.configuration, Video: profile.configuration.Video ?? stream.configuration.Video },
  };
}

export function followProfiles(driver: CameraDriver, streams: readonly StreamRecord[], probed: ProbedCamera): StreamRecord[] {
  if (driver === 'Generic RTSP') {
    const fresh = probed.streams[0];
    return streams.map((stream) => {
      if (!fresh) return stream;
      const path = stream.configuration.General?.Path ?? fresh.configuration.General?.Path ?? '/';
      return { ...stream, sourceUri: fresh.sourceUri, configuration: { ...stream.configuration, General: { Path: path } } };
    });
  }
  const byToken = new Map(probed.streams.filter((p) => p.profileToken !== null).map((p) => [p.profileToken!, p]));
  const matched = new Map<string, ProbedStream>();
  for (const stream of streams) {
    const profile = stream.profileToken === null ? undefined : byToken.get(stream.profileToken);
    if (profile) matched.set(stream.id, profile);
  }
  const used = new Set(matched.values());
  const spare = probed.streams.filter((p) => !used.has(p));
  for (const stream of [...streams].sort((a, b) => a.position - b.position)) {
    if (matched.has(stream.id)) continue;
    const profile = spare.shift();
    if (profile) matched.set(stream.id, profile);
  }
  return streams.map((stream) => {
    const profile = matched.get(stream.id);
    return profile ? onProfile(stream, profile) : stream;
  });
}
