/**
 * Motion masks in SQLite (migration 005, table motion_masks): the uploaded
 * image as sent and its grey picture at the detection size, one row per
 * stream. A row is replaced whole, so a reader never sees half a mask.
 *
 * Cost: one row of at most 2 MiB per stream, read when a detector starts
 * or its mask changes.
 */
import type { Db } from '../core/db/database';
import type { MaskContentType } from './motion-mask-image';
import type { MaskStorePort, StoredMask } from './motion-mask-service';

interface MaskRow {
  stream_id: string;
  content_type: MaskContentType;
  image: Buffer;
  gray: Buffer;
  width: number;
  height: number;
  updated_ms: number;
}

export class MotionMaskStore implements MaskStorePort {
  constructor(private readonly db: Db) {}

  get(streamId: string): StoredMask | undefined {
    const row = this.db.prepare('SELECT * FROM motion_masks WHERE stream_id = ?').get(streamId) as MaskRow | undefined;
    return (
      row && {
        streamId: row.stream_id,
        contentType: row.content_type,
        image: row.image,
        gray: new Uint8Array(row.gray),
        width: row.width,
        height: row.height,
        updatedMs: row.updated_ms,
      }
    );
  }

  /** The grey picture only (what a detector needs). */
  gray(streamId: string): Uint8Array | undefined {
    const row = this.db.prepare('SELECT gray FROM motion_masks WHERE stream_id = ?').get(streamId) as { gray: Buffer } | undefined;
    return row && new Uint8Array(row.gray);
  }

  put(mask: StoredMask): void {
    this.db
      .prepare(
        `INSERT INTO motion_masks (stream_id, content_type, image, gray, width, height, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(stream_id) DO UPDATE SET content_type = excluded.content_type, image = excluded.image, gray = excluded.gray,
           width = excluded.width, height = excluded.height, updated_ms = excluded.updated_ms`,
      )
      .run(mask.streamId, mask.contentType, mask.image, Buffer.from(mask.gray), mask.width, mask.height, mask.updatedMs);
  }

  delete(streamId: string): void {
    this.db.prepare('DELETE FROM motion_masks WHERE stream_id = ?').run(streamId);
  }
}
