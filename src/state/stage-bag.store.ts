/**
 * The stage's side panel, the bag (spec 2 "Stage"): the cameras it lists
 * (GET /service/cameras, refreshed every 60000 ms while the stage is shown),
 * the servers they belong to, the search chips, the open tab, the layout of
 * camera entries (mosaic, big, list, cycling; forced to big at 415 px or
 * narrower and restored when wider) and whether the bag is collapsed. The
 * layout and the collapsed flag are remembered in localStorage.
 *
 * Single-server mode has one server, the recorder: it is listed while it
 * has cameras, or as unavailable with the failure reason when they cannot
 * be fetched; with none, the bag shows its empty state.
 *
 * Pure helpers are exported for the views and the tests. Cost: one camera
 * fetch a minute.
 */
import { proxy, ref } from 'valtio/vanilla';
import type { Camera, Orchid } from '../../server/shared/api';
import { ORCHID_MESSAGES } from '../../server/shared/orchid-validation';
import { stageApi } from '../api/stage-api';
import { describeApiError } from '../api/error-message';
import { readItem, writeItem } from './storage';
import { orchidsApi } from '../api/orchids-api';
import { serverMode } from './server.store';
import { learnServerClocks } from './clock.store';

export const BAG_LAYOUTS = ['mosaic', 'big', 'list'] as const;
export type BagLayout = (typeof BAG_LAYOUTS)[number];
export type BagTab = 'cameras' | 'stages';
/** Spec 2 and 9: at this viewport width or narrower the bag shows big entries. */
export const NARROW_VIEWPORT_PX = 415;
/** Spec 9: server (and camera) list refresh. */
export const SERVER_REFRESH_MS = 60_000;

export interface BagServer {
  id: string;
  name: string;
  available: boolean;
  failureReason: string | null;
  cameras: Camera[];
}

export interface StageBagState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  cameras: Camera[];
  /** Multi-server mode: the registered servers, read with the cameras (empty in single-server mode). */
  orchids: Orchid[];
  failureReason: string | null;
  chips: string[];
  tab: BagTab;
  layout: BagLayout;
  collapsed: boolean;
  /** Server id to false when the user folded it. */
  folded: Record<string, boolean>;
}

const STORAGE_KEY = 'argus.stage-bag';

function stored(): { layout: BagLayout; collapsed: boolean } {
  try {
    const value = JSON.parse(readItem('local', STORAGE_KEY) ?? '{}') as { layout?: unknown; collapsed?: unknown };
    return {
      layout: BAG_LAYOUTS.includes(value.layout as BagLayout) ? (value.layout as BagLayout) : 'mosaic',
      collapsed: value.collapsed === true,
    };
  } catch {
    return { layout: 'mosaic', collapsed: false }; // a damaged entry is rewritten on the next change
  }
}

export function nextBagLayout(layout: BagLayout): BagLayout {
  return BAG_LAYOUTS[(BAG_LAYOUTS.indexOf(layout) + 1) % BAG_LAYOUTS.length]!;
}

/** The layout shown: the chosen one, or big on a narrow viewport (the choice is kept for later). */
export function effectiveBagLayout(layout: BagLayout, viewportWidth: number): BagLayout {
  return viewportWidth <= NARROW_VIEWPORT_PX ? 'big' : layout;
}

/** Cameras whose name (or model) contains every chip, case-insensitively. */
export function filterCameras(cameras: readonly Camera[], chips: readonly string[]): Camera[] {
  const terms = chips.map((chip) => chip.trim().toLowerCase()).filter(Boolean);
  if (terms.length === 0) return [...cameras];
  return cameras.filter((camera) => {
    const text = `${camera.name} ${camera.displayModel}`.toLowerCase();
    return terms.every((term) => text.includes(term));
  });
}

/** The servers of the bag; one (the recorder) in single-server mode. */
export function bagServers(
  state: Pick<StageBagState, 'status' | 'cameras' | 'failureReason'>,
  serverName: string,
): BagServer[] {
  if (state.status === 'failed') {
    return [{ id: 'local', name: serverName, available: false, failureReason: state.failureReason, cameras: [] }];
  }
  if (state.cameras.length === 0) return [];
  const byServer = new Map<string, Camera[]>();
  for (const camera of state.cameras) byServer.set(camera.orchidId, [...(byServer.get(camera.orchidId) ?? []), camera]);
  return [...byServer.entries()].map(([id, cameras]) => ({
    id,
    name: serverName,
    available: true,
    failureReason: null,
    cameras: [...cameras].sort((a, b) => a.name.localeCompare(b.name)),
  }));
}

/**
 * The servers of the bag in multi-server mode: every registered server by
 * name, each with its cameras (matched by orchidId); a server that is not
 * available shows why (its failure reason) and no cameras. A failed camera
 * list marks every server unavailable with that failure.
 */
export function federatedBagServers(
  state: Pick<StageBagState, 'status' | 'cameras' | 'failureReason'>,
  orchids: readonly Pick<Orchid, 'id' | 'name' | 'isAvailable' | 'failureReason'>[],
): BagServer[] {
  const byServer = new Map<string, Camera[]>();
  for (const camera of state.cameras) byServer.set(camera.orchidId, [...(byServer.get(camera.orchidId) ?? []), camera]);
  return [...orchids]
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((orchid) => {
      const failed = state.status === 'failed';
      const available = orchid.isAvailable && !failed;
      return {
        id: orchid.id,
        name: orchid.name,
        available,
        failureReason: available ? null : failed ? state.failureReason : (orchid.failureReason ?? ORCHID_MESSAGES.notAvailable),
        cameras: available ? [...(byServer.get(orchid.id) ?? [])].sort((a, b) => a.name.localeCompare(b.name)) : [],
      };
    });
}

/** Why a camera cannot play now, or null: spec 6 permissions, spec 4 stream states. */
export function cameraProblem(camera: Camera): 'no-permission' | 'no-stream' | 'not-running' | null {
  if (!camera.permissions.actions.live) return 'no-permission';
  if (!camera.primaryStream) return 'no-stream';
  if (camera.primaryStream.status.streamState !== 'running') return 'not-running';
  return null;
}

const initial = stored();

export const stageBagState = proxy<StageBagState>({
  status: 'idle',
  cameras: [],
  failureReason: null,
  chips: [],
  tab: 'cameras',
  layout: initial.layout,
  collapsed: initial.collapsed,
  folded: {},
  orchids: [],
});

function remember(): void {
  writeItem('local', STORAGE_KEY, JSON.stringify({ layout: stageBagState.layout, collapsed: stageBagState.collapsed }));
}

/** The list being read, and whether it was asked to be revalidated. */
let inFlight: { promise: Promise<void>; revalidating: boolean } | null = null;

async function readCameras(revalidate: boolean): Promise<void> {
  if (stageBagState.status === 'idle') stageBagState.status = 'loading';
  try {
    // Multi-server: the servers too, so the bag shows each one, unavailable ones with their reason.
    const servers = serverMode() === 'multi-server' ? orchidsApi.list() : Promise.resolve([]);
    const [cameras, orchids] = await Promise.all([stageApi.cameras(revalidate), servers]);
    stageBagState.cameras = ref(cameras) as Camera[];
    stageBagState.orchids = ref(orchids) as Orchid[];
    // A camera's times are sent on its server's clock: a server not measured yet is asked for now.
    learnServerClocks([...orchids, ...cameras.map((camera) => ({ id: camera.orchidId }))]);
    stageBagState.status = 'ready';
    stageBagState.failureReason = null;
  } catch (error) {
    console.warn('Failed to fetch Cameras', error);
    stageBagState.status = 'failed';
    stageBagState.failureReason = describeApiError(error);
  }
}

export const stageBagActions = {
  /**
   * Fetches the cameras; a failure marks the server unavailable ('Failed to
   * fetch Cameras', spec 8). `revalidate` (the stage's first list, and after
   * a change made here) asks every server for its own answer: the
   * aggregator may otherwise show a slow recorder's list as it last answered
   * (server/aggregator/proxy/camera-list-cache.ts), which would hide a
   * rename just made until the next refresh. A revalidating read asked
   * while a plain one is under way follows it.
   */
  loadCameras(revalidate = false): Promise<void> {
    if (inFlight && (inFlight.revalidating || !revalidate)) return inFlight.promise;
    // Started at once when nothing is out, so the bag is 'loading' from this call on.
    const read = inFlight ? inFlight.promise.then(() => readCameras(revalidate)) : readCameras(revalidate);
    const current = {
      revalidating: revalidate,
      promise: read.finally(() => {
        if (inFlight === current) inFlight = null;
      }),
    };
    inFlight = current;
    return current.promise;
  },
  /** Reads the camera list (revalidated: see loadCameras) and refreshes it every 60 s; the returned function stops it. */
  startRefresh(): () => void {
    void stageBagActions.loadCameras(true);
    const timer = setInterval(() => void stageBagActions.loadCameras(), SERVER_REFRESH_MS);
    return () => clearInterval(timer);
  },
  addChip(text: string): void {
    const chip = text.trim();
    if (chip && !stageBagState.chips.includes(chip)) stageBagState.chips.push(chip);
  },
  removeChip(chip: string): void {
    stageBagState.chips = stageBagState.chips.filter((value) => value !== chip);
  },
  clearChips(): void {
    stageBagState.chips = [];
  },
  setTab(tab: BagTab): void {
    stageBagState.tab = tab;
  },
  cycleLayout(): void {
    stageBagState.layout = nextBagLayout(stageBagState.layout);
    remember();
  },
  setCollapsed(collapsed: boolean): void {
    stageBagState.collapsed = collapsed;
    remember();
  },
  toggleServer(id: string): void {
    stageBagState.folded[id] = !stageBagState.folded[id];
  },
};
