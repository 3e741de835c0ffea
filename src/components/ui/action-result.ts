/**
 * What a store action answers a dialog (save, delete, unregister): done, or
 * refused with a message already worded for the user (spec 8), which the
 * dialog shows while staying open.
 */
export type ActionResult = { ok: true } | { ok: false; message: string };
