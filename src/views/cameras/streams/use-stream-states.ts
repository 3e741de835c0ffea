/**
 * The live state of each listed stream (spec 4 states, spec 9 timing): it
 * starts from what the camera list said and is read again from
 * GET /service/streams/{id}/status, 60 s after a running answer and 2 s
 * after any other, so a restart is followed until the stream runs again.
 * `set` records what an action answered (a restart's 'restarting') and
 * checks again soon. Timers stop when the list goes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Stream, StreamState, StreamStatus } from '../../../../server/shared/api';
import { streamsApi } from '../../../api/streams-api';
import { nextStatusCheckMs } from '../../../core/cameras/stream-rules';

export interface StreamLiveState {
  state: StreamState;
  lastArchiveWritten: number | null;
  lastArchiveWrittenIssue: boolean;
}

export function useStreamStates(streams: readonly Stream[]): {
  states: ReadonlyMap<string, StreamLiveState>;
  set: (status: StreamStatus) => void;
} {
  const [states, setStates] = useState<ReadonlyMap<string, StreamLiveState>>(new Map());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const alive = useRef(true);
  const ids = streams.map((stream) => stream.id).join(',');

  const schedule = useCallback((streamId: string, state: StreamState) => {
    const existing = timers.current.get(streamId);
    if (existing !== undefined) clearTimeout(existing);
    const check = async () => {
      let next: StreamState = state;
      try {
        const status = await streamsApi.status(streamId);
        if (!alive.current) return;
        next = status.streamState;
        setStates((previous) =>
          new Map(previous).set(streamId, {
            state: status.streamState,
            lastArchiveWritten: status.lastArchiveWritten,
            lastArchiveWrittenIssue: status.lastArchiveWrittenIssue,
          }),
        );
      } catch {
        // A status that cannot be read is shown as unable to retrieve and asked again soon.
        if (!alive.current) return;
        next = 'unable to retrieve';
        setStates((previous) => {
          const current = previous.get(streamId);
          return new Map(previous).set(streamId, { lastArchiveWritten: null, lastArchiveWrittenIssue: false, ...current, state: next });
        });
      }
      if (alive.current) schedule(streamId, next);
    };
    timers.current.set(streamId, setTimeout(() => void check(), nextStatusCheckMs(state)));
  }, []);

  useEffect(() => {
    alive.current = true;
    const running = timers.current;
    for (const stream of streams) schedule(stream.id, stream.status.streamState);
    return () => {
      alive.current = false;
      for (const timer of running.values()) clearTimeout(timer);
      running.clear();
    };
    // The streams' ids decide the timers; a new camera object with the same streams keeps them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, schedule]);

  const set = useCallback(
    (status: StreamStatus) => {
      setStates((previous) =>
        new Map(previous).set(status.id, {
          state: status.streamState,
          lastArchiveWritten: status.lastArchiveWritten,
          lastArchiveWrittenIssue: status.lastArchiveWrittenIssue,
        }),
      );
      schedule(status.id, status.streamState);
    },
    [schedule],
  );

  return { states, set };
}
