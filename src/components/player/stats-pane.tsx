/**
 * A tile's statistics pane (spec 2 "Player"), refreshed once a second while
 * open (spec 9): the player type, resolution, frame rate, bit rate, packet
 * loss, decode errors, the ICE candidate pair the video arrives on (local
 * and remote candidate type and address:port; '-' for low bandwidth, which
 * has none), bytes received and stalls. Invalid candidate statistics are
 * logged, once per problem, and shown as '-' (spec 8).
 *
 * Loaded when a pane is first opened (player-panels.tsx), so the candidate
 * reading and this table cost a wall nothing until someone looks.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { readCandidatePair, formatCandidate } from '../../core/player/ice-candidate-pair';
import { t, type MessageKey } from '../../i18n/translate';
import type { SourceStats, StagePlayer } from '../../media/stage-media';
import type { PlayerStatus } from '../../state/player.store';
import { formatBitRate, formatBytes } from './player-helpers';

/** Spec 9: statistics refresh. */
const STATS_REFRESH_MS = 1000;

export interface StatsPaneProps {
  player: StagePlayer | null;
  status: PlayerStatus | null;
}

export function StatsPane({ player, status }: StatsPaneProps): ReactElement {
  const [stats, setStats] = useState<SourceStats | null>(null);
  const loggedProblem = useRef<string | null>(null);
  useEffect(() => {
    if (!player) return;
    let alive = true;
    const read = () => void player.stats().then((value) => alive && setStats(value));
    read();
    const timer = setInterval(read, STATS_REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [player]);

  const reading = stats?.iceStats ? readCandidatePair(stats.iceStats) : null;
  const problem = reading?.kind === 'invalid' ? reading.problem : null;
  useEffect(() => {
    if (problem && problem !== loggedProblem.current) console.warn('Invalid ICE candidate stats', problem);
    loggedProblem.current = problem;
  }, [problem]);

  // '-' where a figure does not apply (low bandwidth has no packets or ICE), is not known yet, or is invalid.
  const pair = reading?.kind === 'pair' ? reading.pair : null;
  const hidden = t('tile.statsAddressHidden');
  const rows: Array<[string, string]> = [
    [t('tile.statsType'), status ? t(`tile.mode.${status.activeType}` as MessageKey) : '-'],
    [t('tile.statsResolution'), stats?.width && stats.height ? `${stats.width}x${stats.height}` : '-'],
    [t('tile.statsFps'), stats?.framesPerSecond != null ? t('tile.statsFpsValue', { fps: stats.framesPerSecond.toFixed(1) }) : '-'],
    [t('tile.statsBitRate'), stats?.bitRateBps != null ? formatBitRate(stats.bitRateBps) : '-'],
    [t('tile.statsLoss'), stats?.packetLoss != null ? `${(stats.packetLoss * 100).toFixed(1)}%` : '-'],
    [t('tile.statsDecodeErrors'), stats ? String(stats.decodeErrors) : '-'],
    [t('tile.statsLocalCandidate'), pair ? formatCandidate(pair.local, hidden) : '-'],
    [t('tile.statsRemoteCandidate'), pair ? formatCandidate(pair.remote, hidden) : '-'],
    [t('tile.statsReceived'), stats ? formatBytes(stats.bytesReceived) : '-'],
    [t('tile.statsStalls'), stats ? String(stats.stalls) : '-'],
  ];
  return (
    // Its own scroller (a short tile on a phone) where a finger or the wheel scrolls; no tile drag starts here.
    <table className="tile-pane tile-table tile-stats" aria-label={t('tile.stats')} data-grid-ignore="">
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
