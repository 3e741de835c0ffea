/**
 * What other recorder features may use of events: the service that stores
 * and reads them (motion records its events through it) and the rollup
 * bucket lengths.
 */
export { EventsService, type EventReader, type RollupSums, type StoredEvent } from './events-service';
export { HOUR_MS, MINUTE_MS } from './events-histogram';
