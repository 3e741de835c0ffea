/** The application's request queues (spec 7) and their reset on location change. */
import { RequestQueue } from '../../server/shared/request-queue';

export type QueueName = 'images' | 'archives' | 'user';

export const QUEUE_CONCURRENCY: Record<QueueName, number> = { images: 3, archives: 2, user: 5 };

export const queues: Record<QueueName, RequestQueue> = {
  images: new RequestQueue(QUEUE_CONCURRENCY.images),
  archives: new RequestQueue(QUEUE_CONCURRENCY.archives),
  user: new RequestQueue(QUEUE_CONCURRENCY.user),
};

/** Called on every location change: waiting requests of the old screen are dropped. */
export function resetQueues(): void {
  for (const queue of Object.values(queues)) queue.reset();
}
