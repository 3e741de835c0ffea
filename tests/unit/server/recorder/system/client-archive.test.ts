/**
 * The update-client archive checks (server/recorder/system/client-archive.ts)
 * on real zip files built here with fflate: what a web client folder holds
 * is read back byte for byte, and every way out of the folder, every
 * non-web or non-regular file, a missing index.html and the size and count
 * limits are refused with 'invalid-archive' before anything is read out.
 */
import { strToU8, zipSync, type Zippable, type ZipOptions } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../server/common/api-error';
import { readClientArchive } from '../../../../../server/recorder/system/client-archive';

type Entry = string | [string, ZipOptions & { os?: number; attrs?: number }];

function zip(files: Record<string, Entry>): Buffer {
  const zippable: Zippable = {};
  for (const [name, entry] of Object.entries(files)) {
    zippable[name] = typeof entry === 'string' ? strToU8(entry) : [strToU8(entry[0]), entry[1]];
  }
  return Buffer.from(zipSync(zippable));
}

async function refusal(archive: Buffer, limits?: { maxEntries: number; maxTotalBytes: number }): Promise<string> {
  try {
    await readClientArchive(archive, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('invalid-archive');
    return (error as ApiError).reason;
  }
  throw new Error('the archive was accepted');
}

const INDEX = { 'index.html': '<html>ok</html>' };

describe('client archive', () => {
  it('reads a web client, deflated and stored, with its folders', async () => {
    const files = await readClientArchive(
      zip({ ...INDEX, 'assets/app-1a2b.js': 'console.log(1)'.repeat(100), 'assets/logo.svg': ['<svg/>', { level: 0 }], 'assets/': '' }),
    );
    expect(files.map((file) => [file.path, file.data.toString()]).sort()).toEqual([
      ['assets/app-1a2b.js', 'console.log(1)'.repeat(100)],
      ['assets/logo.svg', '<svg/>'],
      ['index.html', '<html>ok</html>'],
    ]);
  });

  it('takes a single top folder holding index.html as the root', async () => {
    const files = await readClientArchive(zip({ 'dist/index.html': 'x', 'dist/a.css': 'y' }));
    expect(files.map((file) => file.path).sort()).toEqual(['a.css', 'index.html']);
  });

  it.each([
    ['../evil.html', 'leaves the client folder'],
    ['a/../../b.js', 'leaves the client folder'],
    ['./a.js', 'leaves the client folder'],
    ['/abs.html', 'absolute path'],
    ['a\\..\\..\\b.js', 'backslash'],
    ['C:/windows.js', 'characters not allowed'],
    ['a//b.js', 'empty path segment'],
    ['.env.json', 'hidden'],
    ['a%2e%2e/b.js', 'characters not allowed'],
  ])('refuses the entry %s', async (name, why) => {
    expect(await refusal(zip({ ...INDEX, [name]: 'x' }))).toContain(why);
  });

  it.each(['run.sh', 'server.node', 'lib.so', 'app.exe', 'page.php', 'Makefile'])('refuses a file that is not a web file type: %s', async (name) => {
    expect(await refusal(zip({ ...INDEX, [name]: 'x' }))).toContain('not a web file type');
  });

  it('refuses symbolic links', async () => {
    // Unix mode in the top 16 bits of the external attributes: S_IFLNK | 0777.
    expect(await refusal(zip({ ...INDEX, 'link.js': ['/etc/passwd', { os: 3, attrs: 0o120777 * 0x10000 }] }))).toContain('link or special file');
  });

  it('refuses an archive without index.html at its root or in its single top folder', async () => {
    expect(await refusal(zip({ 'app.js': 'x' }))).toContain('no index.html');
    expect(await refusal(zip({ 'a/index.html': 'x', 'b/app.js': 'y' }))).toContain('no index.html');
    expect(await refusal(zip({ 'a/b/index.html': 'x' }))).toContain('no index.html');
  });

  it('refuses names that collide', async () => {
    expect(await refusal(zip({ ...INDEX, 'a.js': 'x', 'A.js': 'y' }))).toContain('twice');
    expect(await refusal(zip({ ...INDEX, 'a.js': 'x', 'a.js/b.js': 'y' }))).toContain('both as a file and as a folder');
  });

  it('refuses too many entries and too many bytes, from the declared sizes', async () => {
    const many: Record<string, string> = { ...INDEX };
    for (let i = 0; i < 20; i++) many[`f${i}.js`] = 'x';
    expect(await refusal(zip(many), { maxEntries: 10, maxTotalBytes: 1e6 })).toContain('more than 10 entries');
    expect(await refusal(zip({ ...INDEX, 'big.js': 'x'.repeat(5000) }), { maxEntries: 10, maxTotalBytes: 4096 })).toContain('more than 4096 bytes');
  });

  it('stops inflating an entry at its declared size (a header that lies about it)', async () => {
    const archive = zip({ ...INDEX, 'bomb.js': 'x'.repeat(1_000_000) });
    // Declare 1000 bytes for bomb.js in its central directory record (signature PK\x01\x02, name at +46, size at +24).
    const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
    let at = archive.indexOf(signature);
    while (at !== -1 && archive.subarray(at + 46, at + 53).toString() !== 'bomb.js') at = archive.indexOf(signature, at + 4);
    expect(at).toBeGreaterThan(0);
    archive.writeUInt32LE(1000, at + 24);
    expect(await refusal(archive)).toContain('larger than declared');
  });

  it('refuses what is not a zip', async () => {
    expect(await refusal(Buffer.from('<html>not a zip</html>'))).toContain('not a zip archive');
    const truncated = zip(INDEX).subarray(0, 40);
    expect(await refusal(truncated)).toContain('not a zip archive');
  });
});
