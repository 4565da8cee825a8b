/**
 * Runs `fn` once the browser is idle, and at the latest after `timeoutMs`; returns a canceller.
 * Where requestIdleCallback is missing (Safari), a short timer stands in.
 */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => fn(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, Math.min(timeoutMs, 300));
  return () => clearTimeout(id);
}

type Job = () => unknown;
const queue: Job[] = [];
let running = false;

function runNext(timeoutMs: number): void {
  whenIdle(async () => {
    const job = queue.shift();
    try {
      await job?.();
    } catch (err) {
      console.warn('[idle] job failed', err);
    }
    if (queue.length > 0) runNext(timeoutMs);
    else running = false;
  }, timeoutMs);
}

/**
 * Queues deferred work that runs one job per idle period (awaiting a job's promise before the
 * next), so a screenful of rows starting their own requests never lands in a single long task.
 * Each job runs within about `timeoutMs` of the previous one even when the browser is never idle.
 * Returns a canceller (a job not yet run is dropped).
 */
export function queueIdle(job: Job, timeoutMs = 1000): () => void {
  queue.push(job);
  if (!running) {
    running = true;
    runNext(timeoutMs);
  }
  return () => {
    const i = queue.indexOf(job);
    if (i >= 0) queue.splice(i, 1);
  };
}

type Scheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and continues in a new one (scheduler.yield where supported: ahead of
 * other queued work), so a long start-up sequence never blocks the main thread in one piece.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
