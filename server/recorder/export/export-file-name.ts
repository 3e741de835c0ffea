/**
 * The download's file name and Content-Disposition header: camera and
 * stream name plus the UTC start and end, e.g.
 * `Lobby_Camera-Main-2024-05-01T10-00-00Z-2024-05-01T10-05-00Z.mkv`.
 * Names come from users, so everything outside letters, digits, '.', '-' and
 * '_' becomes '_' (no quotes, slashes, control characters or header
 * injection); the header also carries an RFC 5987 `filename*` so browsers
 * that honour it keep non-ASCII letters.
 */
import type { ExportFormat } from '../../shared/api';

const MAX_PART_CHARS = 60;

export function sanitizeFileNamePart(text: string, fallback: string): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, MAX_PART_CHARS);
  return cleaned.length > 0 ? cleaned : fallback;
}

function utcStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
}

export function exportFileName(
  names: { cameraName: string; streamName: string },
  startMs: number,
  stopMs: number,
  format: ExportFormat,
): string {
  const camera = sanitizeFileNamePart(names.cameraName, 'camera');
  const stream = sanitizeFileNamePart(names.streamName, 'stream');
  return `${camera}-${stream}-${utcStamp(startMs)}-${utcStamp(stopMs)}.${format}`;
}

/** `attachment` with an ASCII filename and its UTF-8 twin. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
};
