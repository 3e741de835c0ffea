/** "1.5 GB" style sizes for the disk figures (1024-based, one decimal from KB up). */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

export function formatSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
