/**
 * The pure client cores the micro-benchmarks (cores.bench.ts) measure, and
 * the only file of bench/ that names where they live (main-thread cores in
 * src/core, worker cores in workers/core).
 */
export {
  claim,
  claimFirstFree,
  cloneMatrix,
  createMatrix,
  layoutForMatrix,
  move,
  resize,
  swap,
  tileRects,
} from '../../src/core/stage-grid';
export { currentTimeAt, liveContext, pause, pickedTimeMs, playRequestAt, resume, seek, setSpeed, stepSpeed, type TimelineContext } from '../../src/core/timeline';
export { base64Bytes, NATIVE_FROM_BASE64 } from '../../workers/core/stage-tiles/base64-bytes';
export type { StageCamera, StageMatrix } from '../../server/shared/api';
