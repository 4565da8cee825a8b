import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueIdle } from '../src/lib/idle';

describe('idle queue', () => {
  let pending: Array<() => void> = [];
  beforeEach(() => {
    pending = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => pending.push(fn));
    vi.stubGlobal('cancelIdleCallback', () => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Runs the one idle callback due, then lets its job's promise settle. */
  const idlePeriod = async () => {
    const fn = pending.shift();
    fn?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it('runs one job per idle period, in order, skipping cancelled ones', async () => {
    const ran: string[] = [];
    queueIdle(() => ran.push('a'));
    const cancelB = queueIdle(() => ran.push('b'));
    queueIdle(() => ran.push('c'));
    cancelB();
    expect(ran).toEqual([]);
    await idlePeriod();
    expect(ran).toEqual(['a']);
    await idlePeriod();
    expect(ran).toEqual(['a', 'c']);
    expect(pending).toHaveLength(0);
  });

  it('waits for a job’s promise before the next, and survives a failing job', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let release!: () => void;
    const ran: string[] = [];
    queueIdle(() => new Promise<void>((resolve) => (release = resolve)));
    queueIdle(() => {
      throw new Error('boom');
    });
    queueIdle(() => ran.push('after'));
    await idlePeriod();
    expect(pending).toHaveLength(0); // the first job is still running
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await idlePeriod(); // the failing job
    await idlePeriod();
    expect(ran).toEqual(['after']);
  });
});
