/**
 * The data folder is the recorder's alone: 0700, and files in it 0600. The
 * recorder process runs with umask 077 (main.ts), so everything it and its
 * ffmpeg children create is private; `makeDataDirPrivate` narrows a folder
 * an older recorder created open (0755 folders, 0644 files), walking it once,
 * and then only when the top folder was open, so a normal start costs one
 * stat.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Creates the folder 0700 or narrows it; returns how many entries were narrowed. */
export function makeDataDirPrivate(dataDir: string): number {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((fs.statSync(dataDir).mode & 0o077) === 0) return 0;
  return narrow(dataDir);
}

/** Narrows the given files (e.g. the database and its WAL) to 0600 where they exist. */
export function makeFilesPrivate(files: string[]): void {
  for (const file of files) {
    try {
      fs.chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

function narrow(entry: string): number {
  const stat = fs.lstatSync(entry);
  // A symbolic link's own mode means nothing, and its target may be outside the folder.
  if (stat.isSymbolicLink()) return 0;
  let count = 0;
  if ((stat.mode & 0o077) !== 0) {
    // Group and others lose every bit; the owner keeps its own (rw for files, rwx for folders).
    fs.chmodSync(entry, stat.mode & 0o700);
    count++;
  }
  if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) count += narrow(path.join(entry, name));
  return count;
}
