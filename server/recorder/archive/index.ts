/**
 * What other recorder features may use of the archive: the index of
 * recorded segments (ingest writes it, motion and retention read it), the
 * recovery of a segment whose writer died, and the probe of how much video a
 * file holds. Routes and queries stay inside; the wiring (services.ts)
 * reaches them directly.
 */
export { ArchiveIndex, type ArchiveRow } from './archive-index';
export { closeInterrupted, declareDuration, type SegmentProber } from './archive-recovery';
export { probeSegmentSeconds } from './segment-probe';
