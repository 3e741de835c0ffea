/**
 * The servers table state of a bulk dialog: each server's users, read once
 * when the table first shows (a dialog that never ticks 'bulk create' asks
 * no server), the apply checkboxes the user changed, and each server's
 * outcome after a save. Where a row starts is server-user-rows.ts's
 * isTicked (the aggregator's own account on a server starts unticked).
 */
import { useEffect, useRef, useState } from 'react';
import type { RowTicks } from './server-user-rows';
import { applyServerUserChanges, loadServerUsers, type ServerUserChange, type ServerUserOutcome, type ServerUsers } from '../../state/server-users';

export interface ServerUsersState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  loadError: string | null;
  servers: readonly ServerUsers[];
  ticks: RowTicks;
  setTicked: (orchidId: string, ticked: boolean) => void;
  /** Each server's outcome of the last save, by orchid id. */
  outcomes: ReadonlyMap<string, ServerUserOutcome>;
  /** Runs the changes and keeps their outcomes; answers whether every one succeeded. */
  apply: (changes: readonly ServerUserChange[]) => Promise<boolean>;
}

export function useServerUsers(enabled: boolean): ServerUsersState {
  const [status, setStatus] = useState<ServerUsersState['status']>('idle');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [servers, setServers] = useState<readonly ServerUsers[]>([]);
  const [ticks, setTicks] = useState<RowTicks>(new Map());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, ServerUserOutcome>>(new Map());

  const started = useRef(false);

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    let live = true;
    let done = false;
    setStatus('loading');
    void loadServerUsers().then((result) => {
      done = true;
      if (!live) return;
      if (result.ok) {
        setServers(result.servers);
        setStatus('ready');
      } else {
        setLoadError(result.message);
        setStatus('failed');
      }
    });
    return () => {
      live = false;
      // Left before the answer came (the table hidden, or a development double mount): read again when shown again.
      if (!done) started.current = false;
    };
  }, [enabled]);

  return {
    status,
    loadError,
    servers,
    ticks,
    setTicked: (orchidId, ticked) => setTicks((previous) => new Map(previous).set(orchidId, ticked)),
    outcomes,
    apply: async (changes) => {
      const results = await applyServerUserChanges(changes);
      setOutcomes(new Map(results.map((outcome) => [outcome.orchidId, outcome])));
      return results.every((outcome) => outcome.ok);
    },
  };
}
