/** Timeline contexts (master and per player) and the date-time picker's answer. */
export * from './timeline-context';
export * from './picked-time';
export * from './motion-search';
export * from './selection-mode';
export * from './recorded-days';
