/**
 * A small set of line icons drawn inline (no icon font, no extra request).
 * Decorative by default (aria-hidden); controls carry their own labels.
 */
import type { ReactElement } from 'react';

const PATHS = {
  stage: 'M3 4h8v7H3zM13 4h8v7h-8zM3 13h8v7H3zM13 13h8v7h-8z',
  servers: 'M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01',
  cameras: 'M3 7h12v10H3zM15 10l6-3v10l-6-3',
  retention: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21c0-3.9 3.1-7 7-7s7 3.1 7 7M16 3.5a4 4 0 0 1 0 7.5M18 14c2.4.8 4 3.3 4 7',
  groups: 'M3 6h7l2 2h9v11H3z',
  permissions: 'M12 3l8 3v6c0 5-3.4 8.3-8 9-4.6-.7-8-4-8-9V6z',
  notifications: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  status: 'M3 12h4l3-8 4 16 3-8h4',
  report: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  activation: 'M7.5 20a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM10.7 12.3L20 3M15.5 7.5l3 3M13 10l2 2',
  settings: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  version: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 11v6M12 7h.01',
  plugin: 'M9 3v4M15 3v4M6 7h12v5a6 6 0 0 1-12 0zM12 18v3',
  flag: 'M5 21V4M5 4h12l-2 4 2 4H5',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M6 6l12 12M18 6L6 18',
  chevronDown: 'M6 9l6 6 6-6',
  chevronLeft: 'M15 6l-6 6 6 6',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM4 21c0-4.4 3.6-8 8-8s8 3.6 8 8',
  signOut: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  clock: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 7v5l3 2',
  bandwidth: 'M2 9a15 15 0 0 1 20 0M5.5 12.5a10 10 0 0 1 13 0M9 16a5 5 0 0 1 6 0M12 19.5h.01',
  plus: 'M12 5v14M5 12h14',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  shield: 'M12 3l8 3v6c0 5-3.4 8.3-8 9-4.6-.7-8-4-8-9V6zM9 12l2 2 4-4',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  warning: 'M12 3l10 18H2zM12 10v5M12 18h.01',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 11v6M12 7h.01',
  check: 'M5 12l5 5 9-10',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  ambulance:
    'M2 16V7h11v9M13 10h4l4 4v2h-8M6.5 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17.5 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM7.5 9v4M5.5 11h4',
  unplugged: 'M6 6l12 12M9 3v4M15 3v4M6 7h6M18 7v5a6 6 0 0 1-4 5.7M12 18v3M6 7v5a6 6 0 0 0 4.5 5.8',
  incognito: 'M3 11h18M6 11l2-6h8l2 6M7.5 18a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM16.5 18a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM10 15.5h4',
  browser: 'M3 5h18v14H3zM3 9h18M6 7h.01M9 7h.01',
  externalLink: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
} as const;

export type IconName = keyof typeof PATHS;

/** A 24x24 line icon drawn from one SVG path: the one shape every icon set of the app uses. */
export function StrokeIcon({
  path,
  size,
  strokeWidth,
  className,
}: {
  path: string;
  size: number;
  strokeWidth: number;
  className?: string;
}): ReactElement {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

export function Icon({ name, size = 18, className }: { name: IconName; size?: number; className?: string }): ReactElement {
  return <StrokeIcon path={PATHS[name]} size={size} strokeWidth={1.75} {...(className ? { className } : {})} />;
}
