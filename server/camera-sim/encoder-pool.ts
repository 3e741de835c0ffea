/**
 * Shares encoders between cameras that show the same picture: cameras whose
 * view (PTZ window, moving object on/off) is identical read one SceneEncoder,
 * so 16 unmoved cameras cost one encoder. A camera that moves gets its own;
 * when it returns to a shared view it joins that encoder again.
 *
 * Continuous moves are never shared (each starts at its own moment).
 * An encoder stops when its last lease is released; stopAll() also waits
 * for those still stopping. Cost: a Map.
 */
import { encoderKey, type EncoderSpec } from './encoder-args';
import type { SceneEncoder } from './scene-encoder';

export interface EncoderLease {
  encoder: SceneEncoder;
  release(): void;
}

export class EncoderPool {
  private readonly entries = new Map<string, { encoder: SceneEncoder; leases: number }>();
  private movingCount = 0;
  private readonly stopping = new Set<Promise<void>>();

  constructor(private readonly create: (spec: EncoderSpec) => SceneEncoder) {}

  acquire(spec: EncoderSpec): EncoderLease {
    const key = spec.view.kind === 'moving' ? `moving#${++this.movingCount}` : encoderKey(spec);
    let entry = this.entries.get(key);
    if (!entry) {
      const encoder = this.create(spec);
      encoder.start();
      entry = { encoder, leases: 0 };
      this.entries.set(key, entry);
    }
    entry.leases++;
    const held = entry;
    let released = false;
    return {
      encoder: held.encoder,
      release: () => {
        if (released) return;
        released = true;
        held.leases--;
        if (held.leases === 0 && this.entries.get(key) === held) {
          this.entries.delete(key);
          const stopped = held.encoder.stop();
          this.stopping.add(stopped);
          void stopped.finally(() => this.stopping.delete(stopped));
        }
      },
    };
  }

  /** Running encoders (for stats and CPU measurements). */
  encoders(): SceneEncoder[] {
    return [...this.entries.values()].map((entry) => entry.encoder);
  }

  async stopAll(): Promise<void> {
    const encoders = this.encoders();
    this.entries.clear();
    await Promise.all([...encoders.map((encoder) => encoder.stop()), ...this.stopping]);
  }
}
