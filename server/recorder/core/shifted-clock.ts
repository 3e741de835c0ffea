/**
 * The recorder's clock: the machine's, moved by --clock-offset-seconds.
 *
 * Why: a federation's recorders rarely agree on the time, and the client
 * must place each camera's recordings by its own server's clock (spec 3, 7:
 * times "adjusted by server time offset"). Running a recorder's clock ahead
 * or behind lets one machine run such a federation, for the tests and the
 * demo. Everything the recorder tells time with takes this clock (services.ts
 * hands it to each service as `now`): GET /service/time and time-extended,
 * archive segment times, live frame times, motion events, system events,
 * sessions and licence expiry, the export range check, retention.
 *
 * Limits: the simulated demo cameras in the recorder's process keep the
 * machine's clock (a camera is another device, and its burnt-in time is
 * what tests compare against), and so do ffmpeg's own timers and the log
 * file's line times. Cost: one addition per reading.
 */
export type Clock = () => number;

/** `base` moved by `offsetSeconds` (positive: ahead); `base` itself when the offset is 0. */
export function shiftedClock(offsetSeconds: number, base: Clock = Date.now): Clock {
  if (offsetSeconds === 0) return base;
  const offsetMs = offsetSeconds * 1000;
  return () => base() + offsetMs;
}
