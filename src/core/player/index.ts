/** The player core: errors, modes and limits, and the per-player state machine. */
export * from './player-errors';
export * from './playback-errors';
export * from './player-stats';
export * from './player-modes';
export * from './player-state';
export * from './archive-availability';
