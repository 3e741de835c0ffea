/**
 * /player: the single-player page (spec 2), driven by its URL arguments
 * (src/core/player/single-player-args.ts). This route reads them once per
 * query and hands them to the page; the router loads it lazily, so the
 * page costs the main chunk nothing.
 */
import { useMemo, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseSinglePlayerArgs } from '../core/player/single-player-args';
import { PlayerView } from '../views/player/player-view';

export function PlayerRoute(): ReactElement {
  const [params] = useSearchParams();
  const query = params.toString();
  const args = useMemo(() => parseSinglePlayerArgs(new URLSearchParams(query)), [query]);
  return <PlayerView args={args} />;
}
