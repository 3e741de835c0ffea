/**
 * Line icons of the player chrome and the stage panel, drawn inline like
 * the shell's icon set (components/ui/icon.tsx), which they complement.
 * Decorative (aria-hidden): every control carries its own label.
 */
import type { ReactElement } from 'react';
import { StrokeIcon } from '../ui/icon';

const PATHS = {
  fullScreen: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  exitFullScreen: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  dewarp: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  ptz: 'M12 3l3 3h-6zM12 21l-3-3h6zM3 12l3-3v6zM21 12l-3 3V9zM12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  volumeOff: 'M4 9h4l5-4v14l-5-4H4zM17 9l4 6M21 9l-4 6',
  volumeLow: 'M4 9h4l5-4v14l-5-4H4zM16.5 9.5a4 4 0 0 1 0 5',
  volumeHigh: 'M4 9h4l5-4v14l-5-4H4zM16.5 9.5a4 4 0 0 1 0 5M19 7a8 8 0 0 1 0 10',
  webrtc: 'M3 6h13v12H3zM16 10l5-3v10l-5-3',
  lowBandwidth: 'M3 5h18v14H3zM3 15l5-5 4 4 3-3 6 6M15.5 9.5h.01',
  stats: 'M4 20V11M10 20V5M16 20v-8M22 20H2',
  timezone: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2M3 12h2M19 12h2',
  close: 'M6 6l12 12M18 6L6 18',
  ban: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.6 5.6l12.8 12.8',
  warning: 'M12 3l10 18H2zM12 10v5M12 18h.01',
  noVideo: 'M3 7h12v10H3zM15 10l6-3v10l-6-3M3 3l18 18',
  slow: 'M2 9a15 15 0 0 1 20 0M5.5 12.5a10 10 0 0 1 13 0M9 16a5 5 0 0 1 6 0M12 19.5h.01',
  layout: 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  server: 'M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01',
  camera: 'M3 7h12v10H3zM15 10l6-3v10l-6-3',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  share: 'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  more: 'M12 6h.01M12 12h.01M12 18h.01',
  save: 'M5 3h11l3 3v15H5zM8 3v5h7V3M8 14h8v7H8z',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  clear: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  cycle: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  unlink: 'M15.7 14l3-3a4 4 0 0 0-5.7-5.7l-1 1M8.3 10l-3 3a4 4 0 0 0 5.7 5.7l1-1M4 4l16 16',
  play: 'M7 4l13 8-13 8z',
  pause: 'M7 4h3v16H7zM14 4h3v16h-3z',
  stepBack: 'M6 5h2v14H6zM19 5v14L9 12z',
  stepForward: 'M16 5h2v14h-2zM5 5v14l10-7z',
  live: 'M12 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM7.8 16.2a6 6 0 0 1 0-8.4M16.2 7.8a6 6 0 0 1 0 8.4M4.9 19.1a10 10 0 0 1 0-14.2M19.1 4.9a10 10 0 0 1 0 14.2',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  download: 'M12 4v11M7 10l5 5 5-5M4 20h16',
  previousEvent: 'M6 5v14M18 5l-9 7 9 7z',
  nextEvent: 'M18 5v14M6 5l9 7-9 7z',
} as const;

export type PlayerIconName = keyof typeof PATHS;

export function PlayerIcon({ name, size = 16 }: { name: PlayerIconName; size?: number }): ReactElement {
  return <StrokeIcon path={PATHS[name]} size={size} strokeWidth={1.8} />;
}
