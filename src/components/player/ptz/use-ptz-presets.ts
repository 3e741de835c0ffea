/**
 * One camera's presets for the presets pane: loaded when the pane opens,
 * listed by name (core/ptz/ptz-presets), and the calls that change them.
 * After a create, rename or delete the list is read again: the recorder
 * (and the camera) decide tokens, names and order.
 *
 * Go to: the preset-moving flag is up while the request runs and for 1 s
 * after it answered (spec 9), so the pane does not save or start another
 * move while the camera is still on its way. A failed go-to is logged and
 * cancels the pending command: the flag drops at once (spec 8).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { describeApiError } from '../../../api/error-message';
import { ptzApi } from '../../../api/ptz-api';
import { listPresets, presetLimit, PresetMovingFlag, type ListedPreset } from '../../../core/ptz/ptz-presets';
import { t } from '../../../i18n/translate';

export interface PtzPresetsState {
  status: 'loading' | 'ready' | 'failed';
  presets: ListedPreset[];
  limit: number;
  /** Why the list could not be read. */
  error: string | null;
  /** The preset being gone to (the preset-moving flag), or null. */
  moving: ListedPreset | null;
}

export interface PtzPresetsActions {
  reload(): void;
  goTo(preset: ListedPreset): void;
  /** Each answers null when done, else the error text to show. */
  create(name: string): Promise<string | null>;
  rename(token: string, name: string): Promise<string | null>;
  remove(token: string): Promise<string | null>;
}

const blankLabel = (token: string) => t('ptz.blankPreset', { token });

export function usePtzPresets(cameraId: string, server: string | undefined, capabilityMax: number | undefined): PtzPresetsState & PtzPresetsActions {
  const camera = useMemo(() => ({ id: cameraId, ...(server ? { orchidId: server } : {}) }), [cameraId, server]);
  const [list, setList] = useState<{ status: PtzPresetsState['status']; presets: ListedPreset[]; reported?: number; error: string | null }>({
    status: 'loading',
    presets: [],
    error: null,
  });
  const [moving, setMoving] = useState<ListedPreset | null>(null);
  const alive = useRef(true);
  const movingFlag = useRef<PresetMovingFlag<ListedPreset> | null>(null);
  const loadTicket = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++loadTicket.current;
    try {
      const reply = await ptzApi.presets(camera);
      if (!alive.current || ticket !== loadTicket.current) return;
      setList({ status: 'ready', presets: listPresets(reply.presets, blankLabel), reported: reply.maxPresets, error: null });
    } catch (error) {
      if (!alive.current || ticket !== loadTicket.current) return;
      console.warn('Failed to load the PTZ presets', error);
      setList((current) => ({ ...current, status: 'failed', error: describeApiError(error) }));
    }
  }, [camera]);

  useEffect(() => {
    alive.current = true;
    const flag = new PresetMovingFlag<ListedPreset>(setMoving);
    movingFlag.current = flag;
    void load();
    return () => {
      alive.current = false;
      flag.dispose();
    };
  }, [load]);

  const goTo = useCallback(
    (preset: ListedPreset) => {
      const going = movingFlag.current?.start(preset);
      ptzApi.gotoPreset(camera, preset.token).then(
        () => going?.answered(),
        (error: unknown) => {
          console.warn('A PTZ command failed; the pending command is cancelled', { preset: preset.token, error });
          going?.failed();
        },
      );
    },
    [camera],
  );

  /** Runs a change, then reads the list again; answers the error text (with its reason) or null. */
  const change = useCallback(
    async (work: () => Promise<unknown>, errorKey: 'ptz.errorCreatingPreset' | 'ptz.errorRenamingPreset' | 'ptz.errorDeletingPreset') => {
      try {
        await work();
      } catch (error) {
        return t(errorKey, { reason: describeApiError(error) });
      }
      await load();
      return null;
    },
    [load],
  );

  return {
    status: list.status,
    presets: list.presets,
    limit: presetLimit(list.reported, capabilityMax),
    error: list.error,
    moving,
    reload: () => void load(),
    goTo,
    create: (name) => change(() => ptzApi.createPreset(camera, name), 'ptz.errorCreatingPreset'),
    rename: (token, name) => change(() => ptzApi.renamePreset(camera, token, name), 'ptz.errorRenamingPreset'),
    remove: (token) => change(() => ptzApi.deletePreset(camera, token), 'ptz.errorDeletingPreset'),
  };
}
