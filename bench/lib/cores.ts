/**
 * The pure client cores the micro-benchmarks (cores.bench.ts) measure, and
 * the only file of bench/ that names where they live: workers/core may move
 * to src/core, and then this file alone changes.
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
} from '../../workers/core/stage-grid';
export { currentTimeAt, liveContext, pause, pickedTimeMs, playRequestAt, resume, seek, setSpeed, stepSpeed, type TimelineContext } from '../../workers/core/timeline';
export type { StageCamera, StageMatrix } from '../../server/shared/api';
