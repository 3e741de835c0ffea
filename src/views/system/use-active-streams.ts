/**
 * The active streams' statuses for system status (spec 3, 7, 9): the list
 * from GET /service/streams/status?live, read every 5 s (so streams added or
 * removed elsewhere come and go), and each stream read again from
 * GET /service/streams/{id}/status when its own check falls due, 60 s after
 * a running answer and 2 s after any other (src/core/system). A clock ticks
 * every second so ages and issue flags re-render; the same tick looks for
 * due checks. `set` records what an action answered (a restart's
 * 'restarting') and so checks again in 2 s. Timers stop when the screen goes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StreamStatus } from '../../../server/shared/api';
import { streamsApi } from '../../api/streams-api';
import { dueChecks, LIVE_STATUS_POLL_MS, mergeLiveStatuses, nextCheckAt, STATUS_REFRESH_MS } from '../../core/system/stream-status-rules';

export interface ActiveStreams {
  /** Null until the first list arrives. */
  statuses: readonly StreamStatus[] | null;
  loadError: unknown;
  nowMs: number;
  set: (status: StreamStatus) => void;
}

export function useActiveStreams(): ActiveStreams {
  const [statuses, setStatuses] = useState<readonly StreamStatus[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());
  const schedule = useRef(new Map<string, number>());
  const inFlight = useRef(new Set<string>());
  const alive = useRef(true);

  const set = useCallback((status: StreamStatus) => {
    schedule.current.set(status.id, nextCheckAt(Date.now(), status.streamState));
    setStatuses((previous) => (previous ?? []).map((current) => (current.id === status.id ? status : current)));
  }, []);

  const check = useCallback(
    async (streamId: string) => {
      inFlight.current.add(streamId);
      try {
        const status = await streamsApi.status(streamId);
        if (alive.current) set(status);
      } catch {
        // A status that cannot be read shows as unable to retrieve and is asked again soon.
        if (!alive.current) return;
        schedule.current.set(streamId, nextCheckAt(Date.now(), 'unable to retrieve'));
        setStatuses((previous) =>
          (previous ?? []).map((current) => (current.id === streamId ? { ...current, streamState: 'unable to retrieve' } : current)),
        );
      } finally {
        inFlight.current.delete(streamId);
      }
    },
    [set],
  );

  useEffect(() => {
    alive.current = true;
    const pending = schedule.current;
    let listing = false;
    let listed = false;
    const readList = () => {
      if (listing) return;
      listing = true;
      streamsApi.liveStatuses().then(
        (list) => {
          listing = false;
          if (!alive.current) return;
          listed = true;
          setStatuses(mergeLiveStatuses(list, pending, Date.now()));
          setLoadError(null);
        },
        (error: unknown) => {
          listing = false;
          // Only a first list that fails is an error for the screen; a later one keeps the table and tries again.
          if (alive.current && !listed) setLoadError(error);
        },
      );
    };
    readList();
    const poll = setInterval(readList, LIVE_STATUS_POLL_MS);
    const tick = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      for (const streamId of dueChecks(pending, now)) if (!inFlight.current.has(streamId)) void check(streamId);
    }, STATUS_REFRESH_MS);
    return () => {
      alive.current = false;
      clearInterval(tick);
      clearInterval(poll);
      pending.clear();
    };
  }, [check]);

  return { statuses, loadError, nowMs, set };
}
