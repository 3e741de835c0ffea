/**
 * The recorder's log on disk, for the System report's log export (GET
 * /service/log): <data-dir>/logs/recorder.log, one JSON line per entry (the
 * request log's pino lines, already redacted, and the media log in the same
 * shape). Files are 0600 in a 0700 folder, like everything else in the data
 * folder.
 *
 * Rotation by size: when a write would take recorder.log past
 * LOG_FILE_MAX_BYTES (10 MiB) it becomes recorder.log.1, the older ones
 * shift up, and the oldest beyond LOG_FILES_KEPT (5 files in all: the
 * current one and 4 older, at most ~50 MiB) is removed. Size rather than
 * age, so a busy day cannot fill the disk and a quiet month is still there.
 *
 * Writes are synchronous: a line is on disk when the call returns, so a
 * crash loses nothing and an export right after an action holds its line.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOG_FILE_NAME = 'recorder.log';
export const LOG_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const LOG_FILES_KEPT = 5;

export interface LogFileOptions {
  maxBytes?: number;
  kept?: number;
}

/** pino's numeric levels, used for media log lines so the file has one shape. */
export const LOG_LEVEL_NUMBERS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

export class RotatingLogFile {
  readonly dir: string;
  private readonly file: string;
  private readonly maxBytes: number;
  private readonly kept: number;
  private fd: number | undefined;
  private size = 0;

  constructor(dataDir: string, options: LogFileOptions = {}) {
    this.dir = path.join(dataDir, 'logs');
    this.file = path.join(this.dir, LOG_FILE_NAME);
    this.maxBytes = options.maxBytes ?? LOG_FILE_MAX_BYTES;
    this.kept = Math.max(1, options.kept ?? LOG_FILES_KEPT);
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(this.dir, 0o700);
    this.open();
  }

  /** The log's files, oldest first (recorder.log.4 … recorder.log.1, recorder.log); only those that exist. */
  files(): string[] {
    const names: string[] = [];
    for (let index = this.kept - 1; index >= 1; index--) names.push(`${this.file}.${index}`);
    names.push(this.file);
    return names.filter((name) => fs.existsSync(name));
  }

  /** Appends text (whole lines, each ending in a newline); a failed write is dropped rather than stopping the recorder. */
  write(text: string): void {
    if (this.fd === undefined) return;
    const bytes = Buffer.byteLength(text);
    try {
      if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
      if (this.fd === undefined) return;
      fs.writeSync(this.fd, text);
      this.size += bytes;
    } catch {
      // A full disk must not take the recorder down with its log; the console still has the line.
    }
  }

  /** A media log line in the file's shape. */
  writeEntry(level: keyof typeof LOG_LEVEL_NUMBERS, msg: string, time = Date.now()): void {
    this.write(`${JSON.stringify({ level: LOG_LEVEL_NUMBERS[level], time, msg })}\n`);
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): void {
    this.fd = fs.openSync(this.file, 'a', 0o600);
    // An existing file keeps the mode it was made with; the log is the recorder's alone.
    fs.fchmodSync(this.fd, 0o600);
    this.size = fs.fstatSync(this.fd).size;
  }

  private rotate(): void {
    this.close();
    fs.rmSync(`${this.file}.${this.kept - 1}`, { force: true });
    for (let index = this.kept - 2; index >= 1; index--) {
      const from = `${this.file}.${index}`;
      if (fs.existsSync(from)) fs.renameSync(from, `${this.file}.${index + 1}`);
    }
    if (this.kept > 1) fs.renameSync(this.file, `${this.file}.1`);
    else fs.rmSync(this.file, { force: true });
    this.open();
  }
}
