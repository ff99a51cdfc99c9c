import type { Job, Queue, Worker } from 'bullmq';
import { withDeadline } from './faults';
import { counter, gauge, histogram, secondsSince, workBuckets } from './metrics';

/** States whose sizes are sampled; `prioritized` jobs count as waiting (BullMQ keeps them apart). */
export const sampledJobStates = ['waiting', 'active', 'delayed', 'failed'] as const;

/** A scrape never waits long for Redis: a queue that does not answer in time is left out of that scrape. */
const sampleDeadlineMs = 2000;

const watched = new Map<string, Queue>();

/**
 * BullMQ queues, per queue name. Depth and the oldest waiting job are sampled from Redis at
 * scrape time by every process that watches the queue (its workers, and the gateway for the
 * queues it feeds), so aggregate with `max by (queue, state)`.
 */
export const queueJobs = gauge({
  name: 'sopwright_queue_jobs',
  help: 'Jobs in a BullMQ queue by state (waiting, active, delayed, failed), sampled from Redis at scrape time.',
  labelNames: ['queue', 'state'] as const,
  collect: async () => {
    await Promise.all(
      [...watched].map(async ([name, queue]) => {
        try {
          const counts = await withDeadline(queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'), sampleDeadlineMs, `The ${name} queue`);
          const waiting = (counts.waiting ?? 0) + (counts.prioritized ?? 0);
          for (const state of sampledJobStates) queueJobs.set({ queue: name, state }, state === 'waiting' ? waiting : (counts[state] ?? 0));
        } catch {
          for (const state of sampledJobStates) queueJobs.remove({ queue: name, state });
        }
      }),
    );
  },
});

export const queueOldestWaiting = gauge({
  name: 'sopwright_queue_oldest_waiting_seconds',
  help: 'How long the oldest waiting job of a BullMQ queue has been due (since it was added, its delay ran out or its last attempt started), sampled at scrape time; 0 when none waits.',
  labelNames: ['queue'] as const,
  collect: async () => {
    await Promise.all(
      [...watched].map(async ([name, queue]) => {
        try {
          // The wait list is taken from its tail: with `asc`, the first entry is the oldest.
          const [oldest] = await withDeadline(queue.getJobs(['wait'], 0, 0, true), sampleDeadlineMs, `The ${name} queue`);
          queueOldestWaiting.set({ queue: name }, oldest ? Math.max(0, (Date.now() - dueSince(oldest)) / 1000) : 0);
        } catch {
          queueOldestWaiting.remove({ queue: name });
        }
      }),
    );
  },
});

export const jobWait = histogram({
  name: 'sopwright_job_wait_seconds',
  help: 'Time a job waited in its BullMQ queue before a worker took it (first attempts only), by queue.',
  labelNames: ['queue'] as const,
  buckets: workBuckets,
});

export const jobDuration = histogram({
  name: 'sopwright_job_duration_seconds',
  help: 'Time a worker spent on one attempt of a job, by queue and outcome: completed, retry (failed, another attempt follows) or failed (final).',
  labelNames: ['queue', 'outcome'] as const,
  buckets: workBuckets,
});

export const jobsStalled = counter({
  name: 'sopwright_jobs_stalled_total',
  help: 'Jobs found stalled (their worker died or froze) and put back or failed by BullMQ, by queue.',
  labelNames: ['queue'] as const,
});

/** When a job became due: added, its delay over, or its last attempt started (a retry waits from there). */
function dueSince(job: Pick<Job, 'timestamp' | 'delay' | 'processedOn'>): number {
  return Math.max(job.timestamp + (job.delay ?? 0), job.processedOn ?? 0);
}

/** Samples this queue's depth at every scrape until `unwatchQueue`. One queue object per name. */
export function watchQueue(queue: Queue): void {
  watched.set(queue.name, queue);
}

export function unwatchQueue(queue: Queue): void {
  if (watched.get(queue.name) === queue) {
    watched.delete(queue.name);
    for (const state of sampledJobStates) queueJobs.remove({ queue: queue.name, state });
    queueOldestWaiting.remove({ queue: queue.name });
  }
}

/** Whether a failure ends the job: BullMQ's UnrecoverableError, or its last attempt. */
export function isFinalFailure(job: Pick<Job, 'attemptsMade' | 'opts'>, error: unknown): boolean {
  if (error instanceof Error && error.name === 'UnrecoverableError') return true;
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/**
 * Wraps a BullMQ processor to time each attempt (sopwright_job_duration_seconds) and, on a
 * first attempt, how long the job had waited (sopwright_job_wait_seconds).
 */
export function instrumentProcessor<J extends Job, R>(queue: string, process: (job: J) => Promise<R>): (job: J) => Promise<R> {
  return async (job) => {
    if (job.attemptsMade === 0 && (job.attemptsStarted ?? 1) <= 1) {
      jobWait.observe({ queue }, Math.max(0, ((job.processedOn ?? Date.now()) - (job.timestamp + (job.delay ?? 0))) / 1000));
    }
    const started = performance.now();
    try {
      const result = await process(job);
      jobDuration.observe({ queue, outcome: 'completed' }, secondsSince(started));
      return result;
    } catch (error) {
      jobDuration.observe({ queue, outcome: isFinalFailure(job, error) ? 'failed' : 'retry' }, secondsSince(started));
      throw error;
    }
  };
}

/** Counts the worker's stalled jobs; its processor is wrapped with `instrumentProcessor` separately. */
export function instrumentWorker(worker: Worker): void {
  worker.on('stalled', () => jobsStalled.inc({ queue: worker.name }));
}
