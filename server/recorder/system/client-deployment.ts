/**
 * Which client the recorder serves at '/': the one shipped with it
 * (config.clientDir, never written to) or one an administrator uploaded
 * (POST /service/ui), with the one before kept to roll back to.
 *
 * Layout, in <data-dir>/client:
 *   current  -> symbolic link to the served folder; the static plugin's root
 *   previous -> symbolic link to the folder served before the last change
 *   versions/<id>/  uploaded clients (files 0600, folders 0700: like everything in the data folder, only the recorder reads them)
 * A link points either into versions/ or at the shipped folder (absolute).
 *
 * Why links: the static plugin has one root for the process, and it joins
 * the request path to that root and opens the file on every request. Each
 * change writes a new link beside the old one and rename(2)s it over, which
 * is atomic: a request resolves either the old client or the new one, never
 * a half-written or missing folder (a new version is written completely, in
 * a '.incoming-' folder renamed into place, before any link points at it).
 * A request already reading a file keeps its open file even if that version
 * is pruned later. What a swap cannot help: a page loaded from the old
 * client that later asks for one of its lazily loaded files gets a 404 once
 * the old version is no longer served, so the dialog asks for a reload.
 *
 * Only the current and previous versions are kept; older uploads are
 * removed after each change. Changes run one at a time. At start, a link
 * that does not point into versions/ is re-pointed at the shipped folder, so
 * a rebuilt or moved shipped client is what gets served; an uploaded client
 * stays served across restarts until rolled back or replaced.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { conflict } from '../../common/api-error';
import type { ClientFile } from './client-archive';

export interface ClientDeploymentState {
  /** 'shipped' or the id of an uploaded version. */
  current: string;
  previous: string | null;
}

const SHIPPED = 'shipped';

export class ClientDeployment {
  /** The folder the static plugin serves: a link that follows every change. */
  readonly servedRoot: string;
  private readonly versionsDir: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly shippedDir: string,
    private readonly storeDir: string,
  ) {
    this.servedRoot = path.join(storeDir, 'current');
    this.versionsDir = path.join(storeDir, 'versions');
  }

  /** Makes the folders and links (synchronously, at start, before the static plugin is registered). */
  init(): void {
    fs.mkdirSync(this.versionsDir, { recursive: true, mode: 0o700 });
    for (const name of ['current', 'previous'] as const) {
      const target = this.readLink(name);
      const uploaded = target !== null && this.versionId(target) !== null && fs.existsSync(path.join(this.storeDir, target));
      if (uploaded) continue;
      if (name === 'current' || target !== null) this.pointSync(name, this.shippedDir);
    }
    // A change interrupted by a stop leaves an '.incoming-' folder that nothing points at.
    this.prune();
  }

  state(): ClientDeploymentState {
    const id = (name: 'current' | 'previous') => {
      const target = this.readLink(name);
      return target === null ? null : (this.versionId(target) ?? SHIPPED);
    };
    return { current: id('current') ?? SHIPPED, previous: id('previous') };
  }

  /** Writes the files as a new version and serves it; the version served until now becomes the previous one. */
  install(files: readonly ClientFile[]): Promise<ClientDeploymentState> {
    return this.serialized(async () => {
      const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
      const incoming = path.join(this.versionsDir, `.incoming-${id}`);
      await fs.promises.mkdir(incoming, { mode: 0o700 });
      try {
        for (const file of files) {
          const target = path.join(incoming, ...file.path.split('/'));
          await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
          // 'wx': never follows or replaces anything already there.
          await fs.promises.writeFile(target, file.data, { mode: 0o600, flag: 'wx' });
        }
        await fs.promises.rename(incoming, path.join(this.versionsDir, id));
      } catch (error) {
        await fs.promises.rm(incoming, { recursive: true, force: true });
        throw error;
      }
      const served = this.readLink('current');
      if (served !== null) await this.point('previous', served);
      await this.point('current', path.join('versions', id));
      this.prune();
      return this.state();
    });
  }

  /** Serves the previous version again (and keeps the one it replaces as the previous, so this can be undone). */
  rollback(): Promise<ClientDeploymentState> {
    return this.serialized(async () => {
      const previous = this.readLink('previous');
      const current = this.readLink('current');
      if (previous === null || current === null || previous === current) {
        throw conflict('There is no previous client to go back to.', 'no-previous-client');
      }
      await this.point('previous', current);
      await this.point('current', previous);
      return this.state();
    });
  }

  private serialized<T>(change: () => Promise<T>): Promise<T> {
    const run = this.queue.then(change, change);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private readLink(name: string): string | null {
    try {
      return fs.readlinkSync(path.join(this.storeDir, name));
    } catch {
      return null; // no link yet, or not a link (then it is replaced)
    }
  }

  private versionId(target: string): string | null {
    const match = /^versions[/\\]([0-9]+-[0-9a-f]+)$/.exec(target);
    return match ? match[1]! : null;
  }

  private temporaryLink(name: string): string {
    return path.join(this.storeDir, `.${name}-${randomBytes(4).toString('hex')}`);
  }

  private pointSync(name: string, target: string): void {
    const temporary = this.temporaryLink(name);
    fs.symlinkSync(target, temporary);
    fs.renameSync(temporary, path.join(this.storeDir, name));
  }

  /** A new link renamed over the old one: the change is atomic for anyone resolving the path. */
  private async point(name: string, target: string): Promise<void> {
    const temporary = this.temporaryLink(name);
    await fs.promises.symlink(target, temporary);
    await fs.promises.rename(temporary, path.join(this.storeDir, name));
  }

  /** Removes uploaded versions no link points at, and leftovers of interrupted changes. */
  private prune(): void {
    const kept = new Set([this.readLink('current'), this.readLink('previous')].map((t) => (t ? this.versionId(t) : null)));
    for (const name of fs.readdirSync(this.versionsDir)) {
      if (kept.has(name)) continue;
      // An '.incoming-' folder is only ever present here while its install holds the queue, or after a crash.
      fs.rmSync(path.join(this.versionsDir, name), { recursive: true, force: true });
    }
  }
}
