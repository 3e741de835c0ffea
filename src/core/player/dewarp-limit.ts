/**
 * Which stage tiles may dewarp under the dewarp limit (spec 8: at most 8
 * dewarped players on mobile, else 16). The limit holds however a tile came
 * to want dewarp: its dewarp button, a camera put on the stage whose stream
 * dewarps (a cell's dewarp mode defaults to Perspective), or a restored
 * stage. Tiles past the limit play plain (with the limit notice); the
 * newest lose it first, so a tile that already dewarps keeps doing so when
 * another camera arrives.
 *
 * "Newest" is the order tiles arrived on the stage this session
 * (`arrivalOrder`); tiles that arrive together, as a restored stage's do,
 * arrive in reading order, so the last in reading order are the newest.
 *
 * Pure; O(tiles) per call with sets. Limits: the order is not stored, so
 * after a reload the reading order decides again.
 */
import { maxDewarpedPlayers } from './player-modes';

/**
 * The tile keys in the order they arrived: keys already known keep their
 * place, keys gone are dropped, new keys follow in the order given (the
 * grid's reading order).
 */
export function arrivalOrder(previous: readonly string[], present: readonly string[]): string[] {
  const now = new Set(present);
  const kept = previous.filter((key) => now.has(key));
  const known = new Set(kept);
  return [...kept, ...present.filter((key) => !known.has(key))];
}

export interface DewarpLimitPlan {
  /** Tiles that dewarp. */
  dewarped: ReadonlySet<string>;
  /** Tiles that want dewarp but play plain: past the limit. */
  overLimit: ReadonlySet<string>;
  limit: number;
}

/**
 * The oldest `limit` tiles of those wanting dewarp dewarp; the rest play
 * plain. `order` is the arrival order (oldest first); a wanting key missing
 * from it counts as the newest.
 */
export function dewarpLimitPlan(order: readonly string[], wanting: ReadonlySet<string>, limit: number): DewarpLimitPlan {
  const ranked = [...order.filter((key) => wanting.has(key)), ...[...wanting].filter((key) => !order.includes(key))];
  const dewarped = new Set(ranked.slice(0, Math.max(0, limit)));
  const overLimit = new Set(ranked.filter((key) => !dewarped.has(key)));
  return { dewarped, overLimit, limit };
}

/** The plan for this device: 8 on mobile, else 16. */
export function deviceDewarpLimitPlan(order: readonly string[], wanting: ReadonlySet<string>, isMobile: boolean): DewarpLimitPlan {
  return dewarpLimitPlan(order, wanting, maxDewarpedPlayers(isMobile));
}

/**
 * Whether a tile may change from `currentMode` to `nextMode` (0 off): turning
 * dewarp off or switching between modes always may; turning it on only
 * while fewer than the limit dewarp. `currentMode` is the mode the tile
 * shows (0 for a tile past the limit, whatever its cell says).
 */
export function dewarpChangeAllowed(currentMode: number, nextMode: number, plan: DewarpLimitPlan): boolean {
  if (nextMode === 0 || currentMode !== 0) return true;
  return plan.dewarped.size < plan.limit;
}
