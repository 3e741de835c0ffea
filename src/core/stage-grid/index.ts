/** The stage grid: matrix shape, stored-matrix reader, operations, resizing and geometry. */
export * from './stage-matrix';
export * from './read-stage-matrix';
export * from './grid-operations';
export * from './grid-resize';
export * from './grid-geometry';
