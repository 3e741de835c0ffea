/**
 * The recorder's properties file, <data-dir>/recorder.properties (name=value
 * lines, '#' comments), and the confirmation state of the last save,
 * <data-dir>/properties-pending.json: the previous file's content (null when
 * there was none), when it was saved, and the deadline once the recorder with
 * the new properties is up. Synchronous and small: read at start and on a
 * save. Writes go through a temporary file and a rename, so a crash never
 * leaves half a file behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SentProperty } from '../../../shared/properties';

export const PROPERTIES_FILE = 'recorder.properties';
export const PENDING_FILE = 'properties-pending.json';

export interface PendingChange {
  /** The properties file before the save; null when there was none. */
  previous: string | null;
  savedAtMs: number;
  /** Set when the recorder with the new properties is up; null until then. */
  deadlineMs: number | null;
}

export function propertiesFile(dataDir: string): string {
  return path.join(dataDir, PROPERTIES_FILE);
}

function pendingFile(dataDir: string): string {
  return path.join(dataDir, PENDING_FILE);
}

/** name=value lines in file order; blank lines, comments and lines without '=' are skipped. */
export function parseProperties(text: string): SentProperty[] {
  const properties: SentProperty[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    if (at <= 0) continue;
    properties.push({ name: trimmed.slice(0, at).trim(), value: trimmed.slice(at + 1).trim() });
  }
  return properties;
}

export function formatProperties(properties: readonly SentProperty[]): string {
  const lines = properties.map((p) => `${p.name.trim()}=${p.value.trim()}`);
  return `# Argus VMS recorder properties, written by the property editor\n${lines.join('\n')}\n`;
}

function readIfPresent(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

export function readPropertiesFile(dataDir: string): SentProperty[] {
  const text = readIfPresent(propertiesFile(dataDir));
  return text === null ? [] : parseProperties(text);
}

export function readPending(dataDir: string): PendingChange | undefined {
  const text = readIfPresent(pendingFile(dataDir));
  if (text === null) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<PendingChange>;
    if (typeof parsed.savedAtMs !== 'number') return undefined;
    return {
      previous: typeof parsed.previous === 'string' ? parsed.previous : null,
      savedAtMs: parsed.savedAtMs,
      deadlineMs: typeof parsed.deadlineMs === 'number' ? parsed.deadlineMs : null,
    };
  } catch {
    return undefined;
  }
}

function writePending(dataDir: string, pending: PendingChange): void {
  writeAtomically(pendingFile(dataDir), JSON.stringify(pending));
}

/**
 * Writes the new properties and keeps the file they replace as the pending
 * rollback. A save over an unconfirmed one keeps the older rollback: the
 * configuration to return to is the last confirmed one.
 */
export function saveProperties(dataDir: string, properties: readonly SentProperty[], nowMs: number): void {
  const earlier = readPending(dataDir);
  const previous = earlier ? earlier.previous : readIfPresent(propertiesFile(dataDir));
  writePending(dataDir, { previous, savedAtMs: nowMs, deadlineMs: null });
  writeAtomically(propertiesFile(dataDir), formatProperties(properties));
}

/** Confirms the pending change: the rollback is dropped. */
export function confirmProperties(dataDir: string): void {
  fs.rmSync(pendingFile(dataDir), { force: true });
}

/** Puts the previous properties file back and drops the pending change; false when nothing was pending. */
export function restorePrevious(dataDir: string): boolean {
  const pending = readPending(dataDir);
  if (!pending) return false;
  if (pending.previous === null) fs.rmSync(propertiesFile(dataDir), { force: true });
  else writeAtomically(propertiesFile(dataDir), pending.previous);
  confirmProperties(dataDir);
  return true;
}

/**
 * At start: an unconfirmed change past its deadline is rolled back (answers
 * 'restored'); one without a deadline gets `nowMs + windowMs` (answers the
 * armed change); none answers undefined.
 */
export function settlePendingAtStart(dataDir: string, nowMs: number, windowMs: number): 'restored' | PendingChange | undefined {
  const pending = readPending(dataDir);
  if (!pending) return undefined;
  if (pending.deadlineMs !== null && nowMs >= pending.deadlineMs) {
    restorePrevious(dataDir);
    return 'restored';
  }
  if (pending.deadlineMs !== null) return pending;
  const armed = { ...pending, deadlineMs: nowMs + windowMs };
  writePending(dataDir, armed);
  return armed;
}

/** Before the configuration is read: an unconfirmed change past its deadline is rolled back (true when it was). */
export function rollBackExpired(dataDir: string, nowMs: number): boolean {
  const pending = readPending(dataDir);
  return pending !== undefined && pending.deadlineMs !== null && nowMs >= pending.deadlineMs && restorePrevious(dataDir);
}
