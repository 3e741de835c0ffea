/**
 * Reads and checks a client archive (the .zip an administrator uploads with
 * POST /service/ui) before anything is written: a web client is a folder of
 * static files, so the archive must be exactly that and nothing else.
 *
 * Refused (400, code 'invalid-archive', the reason says which rule):
 * - not a zip, a ZIP64 or multi-disk archive, encrypted entries, compression
 *   other than stored or deflate;
 * - more than MAX_ENTRIES entries or more than MAX_TOTAL_BYTES once
 *   unpacked (zip bombs: the declared sizes are checked before inflating, and
 *   each entry is inflated with a cap at its declared size, then its length
 *   and CRC-32 are checked, so a lying header cannot make more);
 * - a path that could leave the folder or is not a plain web path: absolute,
 *   '..' or '.' segments, backslashes, drive letters, empty segments, hidden
 *   (dot) names, characters outside [A-Za-z0-9._~@+-], duplicates, a name
 *   used both as a file and as a folder;
 * - symbolic links and other non-regular entries (Unix mode in the external
 *   attributes);
 * - a file whose extension is not in WEB_EXTENSIONS (nothing executable on
 *   the server: no .sh, .exe, .node, .so, .php...);
 * - no index.html at the root of the archive, or at the root of its single
 *   top folder (a zipped `client/` folder is accepted: that folder becomes
 *   the root).
 *
 * The reader is this module's own (the central directory, then each entry's
 * data through node:zlib): it needs the entries' attributes and a bounded
 * inflate, which the small zip libraries do not both give. Cost: the whole
 * archive is in memory (the route caps it at MAX_ARCHIVE_BYTES) plus the
 * unpacked files, inflated off the event loop.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { badRequest } from '../../common/api-error';

/** The largest upload POST /service/ui takes (a built client is a few MiB). */
export const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024;
export const MAX_ENTRIES = 5000;
export const MAX_TOTAL_BYTES = 256 * 1024 * 1024;

/** File types a web client is made of; anything else is refused. */
export const WEB_EXTENSIONS: ReadonlySet<string> = new Set([
  'html', 'htm', 'js', 'mjs', 'css', 'map', 'json', 'svg', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'ico',
  'woff', 'woff2', 'ttf', 'otf', 'txt', 'md', 'wasm', 'webmanifest', 'glsl', 'xml',
]);

export interface ArchiveLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

const LIMITS: ArchiveLimits = { maxEntries: MAX_ENTRIES, maxTotalBytes: MAX_TOTAL_BYTES };

export interface ClientFile {
  /** Path inside the client folder, '/'-separated, already checked. */
  path: string;
  data: Buffer;
}

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedBytes: number;
  sizeBytes: number;
  madeByOs: number;
  externalAttributes: number;
  localHeaderOffset: number;
}

const inflateRaw = promisify(zlib.inflateRaw);
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const UNIX = 3;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const SEGMENT = /^[A-Za-z0-9._~@+-]+$/;

const invalid = (reason: string) => badRequest(reason, 'invalid-archive');

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535.
  const last = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= last; at--) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw invalid('the file is not a zip archive');
}

/** The central directory's entries, as declared (nothing read from them yet). */
export function readZipEntries(zip: Buffer, limits: ArchiveLimits = LIMITS): ZipEntry[] {
  if (zip.length < 22) throw invalid('the file is not a zip archive');
  const end = findEndOfCentralDirectory(zip);
  const disk = zip.readUInt16LE(end + 4);
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (disk !== 0 || zip.readUInt16LE(end + 8) !== count) throw invalid('multi-part archives are not supported');
  if (count === 0xffff || directoryOffset === 0xffffffff) throw invalid('ZIP64 archives are not supported');
  if (count > limits.maxEntries) throw invalid(`the archive has more than ${limits.maxEntries} entries`);
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw invalid('the archive is damaged (central directory)');
    const flags = zip.readUInt16LE(at + 8);
    const nameBytes = zip.readUInt16LE(at + 28);
    const extraBytes = zip.readUInt16LE(at + 30);
    const commentBytes = zip.readUInt16LE(at + 32);
    if (at + 46 + nameBytes > end) throw invalid('the archive is damaged (central directory)');
    const rawName = zip.subarray(at + 46, at + 46 + nameBytes);
    entries.push({
      // Bit 11: the name is UTF-8; otherwise CP437, whose ASCII part is all a valid name may use.
      name: rawName.toString(flags & 0x800 ? 'utf8' : 'latin1'),
      method: zip.readUInt16LE(at + 10),
      flags,
      crc32: zip.readUInt32LE(at + 16),
      compressedBytes: zip.readUInt32LE(at + 20),
      sizeBytes: zip.readUInt32LE(at + 24),
      madeByOs: zip.readUInt8(at + 5),
      externalAttributes: zip.readUInt32LE(at + 38),
      localHeaderOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameBytes + extraBytes + commentBytes;
  }
  return entries;
}

/** Checks one entry's name; answers its segments (a folder entry ends with an empty one, dropped). */
function checkedSegments(name: string): { segments: string[]; folder: boolean } {
  if (name.length === 0 || name.length > 512) throw invalid(`the entry name '${name.slice(0, 80)}' is empty or too long`);
  if (name.includes('\\')) throw invalid(`the entry '${name}' has a backslash in its path`);
  if (name.startsWith('/')) throw invalid(`the entry '${name}' has an absolute path`);
  const folder = name.endsWith('/');
  const segments = (folder ? name.slice(0, -1) : name).split('/');
  for (const segment of segments) {
    if (segment === '..' || segment === '.') throw invalid(`the entry '${name}' has a path that leaves the client folder`);
    if (segment === '') throw invalid(`the entry '${name}' has an empty path segment`);
    if (segment.startsWith('.')) throw invalid(`the entry '${name}' is a hidden file or folder`);
    if (!SEGMENT.test(segment)) throw invalid(`the entry '${name}' has characters not allowed in a web path`);
  }
  return { segments, folder };
}

function checkKind(entry: ZipEntry, folder: boolean): void {
  if (entry.flags & 0x1) throw invalid(`the entry '${entry.name}' is encrypted`);
  if (entry.method !== 0 && entry.method !== 8) throw invalid(`the entry '${entry.name}' uses an unsupported compression method`);
  if (entry.sizeBytes === 0xffffffff || entry.compressedBytes === 0xffffffff || entry.localHeaderOffset === 0xffffffff) {
    throw invalid('ZIP64 archives are not supported');
  }
  const mode = entry.madeByOs === UNIX ? (entry.externalAttributes >>> 16) & S_IFMT : 0;
  if (mode !== 0 && mode !== (folder ? S_IFDIR : S_IFREG)) {
    throw invalid(`the entry '${entry.name}' is a link or special file, not a plain ${folder ? 'folder' : 'file'}`);
  }
  if (folder) return;
  const dot = entry.name.lastIndexOf('.');
  const extension = dot > entry.name.lastIndexOf('/') ? entry.name.slice(dot + 1).toLowerCase() : '';
  if (!WEB_EXTENSIONS.has(extension)) throw invalid(`the entry '${entry.name}' is not a web file type (.${extension || '?'})`);
}

/** The files to write, each path relative to the client root; throws 'invalid-archive' on any rule above. */
export function planClientFiles(entries: ZipEntry[], limits: ArchiveLimits = LIMITS): Array<{ entry: ZipEntry; path: string }> {
  const files: Array<{ entry: ZipEntry; segments: string[] }> = [];
  let totalBytes = 0;
  for (const entry of entries) {
    const { segments, folder } = checkedSegments(entry.name);
    checkKind(entry, folder);
    if (folder) continue; // folders are made for the files in them
    totalBytes += entry.sizeBytes;
    if (totalBytes > limits.maxTotalBytes) throw invalid(`the archive unpacks to more than ${limits.maxTotalBytes} bytes`);
    files.push({ entry, segments });
  }
  const isIndex = (segments: string[]) => segments.length === 1 && segments[0]!.toLowerCase() === 'index.html';
  let strip = 0;
  if (!files.some((file) => isIndex(file.segments))) {
    const top = files[0]?.segments[0];
    const oneTopFolder = top !== undefined && files.every((file) => file.segments.length > 1 && file.segments[0] === top);
    if (!oneTopFolder || !files.some((file) => isIndex(file.segments.slice(1)))) {
      throw invalid('the archive has no index.html at its root');
    }
    strip = 1;
  }
  const filePaths = new Set<string>();
  const folderPaths = new Set<string>();
  const planned = files.map(({ entry, segments }) => {
    const kept = segments.slice(strip);
    const path = kept.join('/');
    // Case-folded: the same archive must unpack the same way on a case-insensitive disk.
    const key = path.toLowerCase();
    if (filePaths.has(key)) throw invalid(`the entry '${entry.name}' appears twice`);
    filePaths.add(key);
    for (let i = 1; i < kept.length; i++) folderPaths.add(kept.slice(0, i).join('/').toLowerCase());
    return { entry, path };
  });
  for (const folder of folderPaths) {
    if (filePaths.has(folder)) throw invalid(`the archive uses '${folder}' both as a file and as a folder`);
  }
  return planned;
}

/** One entry's bytes, inflated no further than its declared size and checked against its length and CRC-32. */
async function readEntryData(zip: Buffer, entry: ZipEntry): Promise<Buffer> {
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE) throw invalid(`the entry '${entry.name}' is damaged`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedBytes > zip.length) throw invalid(`the entry '${entry.name}' is damaged`);
  const raw = zip.subarray(start, start + entry.compressedBytes);
  let data: Buffer;
  if (entry.method === 0) data = raw;
  else {
    try {
      // The cap stops a lying header early instead of inflating gigabytes (RangeError past it).
      data = await inflateRaw(raw, { maxOutputLength: Math.max(1, entry.sizeBytes) });
    } catch {
      throw invalid(`the entry '${entry.name}' is damaged or larger than declared`);
    }
  }
  if (data.length !== entry.sizeBytes || zlib.crc32(data) !== entry.crc32) {
    throw invalid(`the entry '${entry.name}' is damaged (size or checksum)`);
  }
  return data;
}

/** The archive's files, checked (see the module comment); throws ApiError 'invalid-archive'. */
export async function readClientArchive(zip: Buffer, limits: ArchiveLimits = LIMITS): Promise<ClientFile[]> {
  const planned = planClientFiles(readZipEntries(zip, limits), limits);
  const files: ClientFile[] = [];
  for (const { entry, path } of planned) files.push({ path, data: await readEntryData(zip, entry) });
  return files;
}
