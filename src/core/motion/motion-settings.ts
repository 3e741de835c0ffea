/**
 * The motion-detection dialog's two numbers (spec 3 "Motion configuration",
 * spec 5 "Motion", spec 9): brush size 1-200 (default 40) and object size
 * 0-100 (default 5). The brush is a drawing tool, so an out-of-range value is
 * pulled into range; the object size is a setting saved on the stream
 * (bgseg.boxArea), so a negative one is made positive and anything else out
 * of range is an error that blocks saving, the same rule the recorder
 * applies (server/recorder/core/motion-settings.ts).
 *
 * Pure; no React or browser.
 */

export const BRUSH_SIZE = { min: 1, max: 200, default: 40 } as const;
export const OBJECT_SIZE = { min: 0, max: 100, default: 5 } as const;

/** A brush size within 1-200, whole pixels; anything unreadable gives the default. */
export function normalizeBrushSize(value: number): number {
  if (!Number.isFinite(value)) return BRUSH_SIZE.default;
  return Math.min(BRUSH_SIZE.max, Math.max(BRUSH_SIZE.min, Math.round(value)));
}

export type ObjectSizeError = 'required' | 'not-a-number' | 'out-of-range';

export type ObjectSizeCheck = { ok: true; value: number } | { ok: false; error: ObjectSizeError };

/** Reads the object size field's text: a negative number becomes positive; empty, not a number or above 100 is an error. */
export function parseObjectSize(text: string): ObjectSizeCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'required' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, error: 'not-a-number' };
  const size = Math.abs(value);
  if (size > OBJECT_SIZE.max) return { ok: false, error: 'out-of-range' };
  return { ok: true, value: size };
}

/** The object size a stream has now (its bgseg.boxArea), as the field shows it: the default when unset or unreadable. */
export function storedObjectSize(boxArea: number | undefined): number {
  if (typeof boxArea !== 'number' || !Number.isFinite(boxArea)) return OBJECT_SIZE.default;
  return Math.min(OBJECT_SIZE.max, Math.abs(boxArea));
}
