/**
 * The date-time picker's answer (spec 5 "Date-time picker"): the date and
 * time the user typed, in the browser's time zone, as epoch ms. The result
 * is capped at now, and seconds are zeroed unless the picker has them on.
 *
 * Pure; `nowMs` is passed in. Limits: a local time skipped by a daylight
 * saving change resolves the way `Date` does (an hour later).
 */

export interface PickedDateTime {
  /** 'yyyy-mm-dd', as an <input type="date"> gives it. */
  date: string;
  /** 'hh:mm' or 'hh:mm:ss', as an <input type="time"> gives it. */
  time: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** Epoch ms of the picked local date and time, or null when either is not filled in. */
export function pickedTimeMs(picked: PickedDateTime, withSeconds: boolean, nowMs: number): number | null {
  const date = DATE.exec(picked.date);
  const time = TIME.exec(picked.time);
  if (!date || !time) return null;
  const seconds = withSeconds ? Number(time[3] ?? 0) : 0;
  const local = new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3]), Number(time[1]), Number(time[2]), seconds);
  const ms = local.getTime();
  if (Number.isNaN(ms)) return null;
  return Math.min(ms, withSeconds ? nowMs : nowMs - (nowMs % 60_000));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The picker's fields for an epoch ms (local time). */
export function pickerFields(ms: number, withSeconds: boolean): PickedDateTime {
  const d = new Date(ms);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${withSeconds ? `:${pad(d.getSeconds())}` : ''}`;
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time };
}
