import type { Db } from '../../db/database';
import { bullmqQueue } from './bullmq-queue';
import type { FailedRun, JobQueue } from './queue';
import { tableQueue } from './table-queue';

export interface QueueSetup {
  redisUrl?: string;
  onError?: (err: unknown, job: FailedRun) => void;
}

/** BullMQ when Redis is configured (the scale-out path), else the table in the app's own database. */
export function createQueue(db: Db, setup: QueueSetup): JobQueue {
  return setup.redisUrl
    ? bullmqQueue(setup.redisUrl, { onError: setup.onError })
    : tableQueue(db, { onError: setup.onError });
}
