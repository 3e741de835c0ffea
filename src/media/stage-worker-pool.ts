/**
 * The stage's media workers (see workers/stage-tiles.worker.ts):
 * `count` workers, tiles spread over them by load, the first one hosting
 * the tile compositor, and a MessagePort from each other worker to the host
 * so shader tiles' frames travel worker to worker, never through here.
 * With page commits (tile-commit.ts) each worker also gets a port whose
 * once-a-frame picture batches `pageCommit` commits to the tile canvases.
 *
 * Why several: socket handling, base64 and the draw of every picture run on
 * a worker's thread; two keep that work of a big wall off any one thread
 * (bench/frame-rate.bench.ts compares 1, 2 and 4). Cost: one worker each,
 * created once per stage view.
 *
 * Workers are made by vite-plugin-comlink's `ComlinkWorker`; its options
 * must be a literal (the plugin reads them at build time), so every worker
 * of the pool has the same name.
 */
import { transfer, type Remote } from 'comlink';
import { endpointSymbol } from 'vite-plugin-comlink/symbol';
import type { PictureDecoder, PicturePath } from '../../workers/core/stage-tiles/picture-decoder';
import type { PageCommit } from './page-commit';

/** The worker module's exports are its API (the plugin exposes them). */
type StageTilesWorker = typeof import('../../workers/stage-tiles.worker');

export type MediaWorker = Remote<StageTilesWorker>;

export class StageWorkerPool {
  /** The Worker behind each Remote, kept to terminate it: Comlink's releaseProxy would leave it running. */
  private readonly workers: Worker[] = [];
  private readonly remotes: MediaWorker[] = [];
  private readonly load: number[] = [];
  private readonly assigned = new Map<string, number>();

  constructor(count: number, tuning: { decoder?: PictureDecoder; picturePath?: PicturePath; pageCommit?: PageCommit } = {}) {
    const size = Math.max(1, Math.floor(count));
    for (let i = 0; i < size; i++) {
      const remote = new ComlinkWorker<StageTilesWorker>(new URL('../../workers/stage-tiles.worker', import.meta.url), {
        type: 'module',
        name: 'stage-media',
      });
      this.workers.push(remote[endpointSymbol]);
      if (tuning.decoder) void remote.setDecoder(tuning.decoder);
      if (tuning.picturePath) void remote.setPicturePath(tuning.picturePath);
      if (tuning.pageCommit) {
        const channel = new MessageChannel();
        tuning.pageCommit.listen(channel.port1);
        void remote.commitToPage(transfer(channel.port2, [channel.port2]));
      }
      this.remotes.push(remote);
      this.load.push(0);
    }
    for (let i = 1; i < size; i++) {
      const channel = new MessageChannel();
      void this.remotes[0]!.acceptCompositorLink(transfer(channel.port1, [channel.port1]));
      void this.remotes[i]!.linkCompositor(transfer(channel.port2, [channel.port2]));
    }
  }

  get size(): number {
    return this.remotes.length;
  }

  /** The worker hosting the compositor. */
  get host(): MediaWorker {
    return this.remotes[0]!;
  }

  /** The worker of a tile, assigned on first use to the least loaded one. */
  workerFor(tileId: string): MediaWorker {
    let index = this.assigned.get(tileId);
    if (index === undefined) {
      index = this.load.indexOf(Math.min(...this.load));
      this.assigned.set(tileId, index);
      this.load[index]!++;
    }
    return this.remotes[index]!;
  }

  release(tileId: string): void {
    const index = this.assigned.get(tileId);
    if (index === undefined) return;
    this.assigned.delete(tileId);
    this.load[index]!--;
  }

  /** The tiles that have a worker now. */
  tileIds(): string[] {
    return [...this.assigned.keys()];
  }

  all(): readonly MediaWorker[] {
    return this.remotes;
  }

  destroy(): void {
    for (const remote of this.remotes) void remote.destroy().catch(() => undefined);
    // Terminate after the destroy message is queued; terminating drops every socket and context at once.
    for (const worker of this.workers) setTimeout(() => worker.terminate(), 0);
    this.remotes.length = 0;
    this.workers.length = 0;
    this.assigned.clear();
  }
}
