import { describe, expect, it } from 'vitest';
import { createImageJobScheduler, ImageQueueFullError, type ImageJobLimits } from './image-job-scheduler.js';

/** A scheduler whose jobs only record that they started and then wait until the test lets them end. */
function heldScheduler(limits: ImageJobLimits) {
  const scheduler = createImageJobScheduler(limits);
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const submit = (owner: string, name: string) =>
    scheduler.run(owner, () => {
      started.push(name);
      return new Promise<string>((resolve) => releases.set(name, () => resolve(name)));
    });
  const release = async (name: string) => {
    releases.get(name)!();
    // Let the finished job's promise chain run and the next job start.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { scheduler, started, submit, release };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('image job scheduler', () => {
  it('runs another owner’s job next, however many jobs the first owner has queued', async () => {
    const { started, submit, release } = heldScheduler({ slots: 1, perOwner: 10, waiting: 20 });
    const jobs = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => submit('user-a', name));
    jobs.push(submit('user-b', 'b1'));
    await flush();
    expect(started).toEqual(['a1']);

    await release('a1');
    expect(started).toEqual(['a1', 'b1']);
    await release('b1');
    await release('a2');
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3']);
    for (const name of ['a3', 'a4', 'a5']) await release(name);
    expect(await Promise.all(jobs)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'b1']);
  });

  it('gives one owner one slot at a time, leaving the other slot to someone else', async () => {
    const { started, submit, release } = heldScheduler({ slots: 2, perOwner: 10, waiting: 20 });
    const jobs = [submit('user-a', 'a1'), submit('user-a', 'a2'), submit('user-a', 'a3')];
    await flush();
    expect(started).toEqual(['a1']);
    jobs.push(submit('user-b', 'b1'));
    await flush();
    expect(started).toEqual(['a1', 'b1']);
    for (const name of ['a1', 'b1', 'a2', 'a3']) await release(name);
    await Promise.all(jobs);
  });

  it('refuses an owner’s job beyond its bound at once, while other owners still get in', async () => {
    const { scheduler, started, submit, release } = heldScheduler({ slots: 1, perOwner: 3, waiting: 20 });
    const accepted = [submit('user-a', 'a1'), submit('user-a', 'a2'), submit('user-a', 'a3')];
    const refused = submit('user-a', 'a4');
    await expect(refused).rejects.toBeInstanceOf(ImageQueueFullError);
    await expect(refused).rejects.toMatchObject({ scope: 'owner', retryAfterSeconds: expect.any(Number) });
    const other = submit('user-b', 'b1');
    expect(scheduler.load()).toEqual({ running: 1, waiting: 3 });
    for (const name of ['a1', 'b1', 'a2', 'a3']) await release(name);
    await Promise.all([...accepted, other]);
    expect(started).not.toContain('a4');
    // Finished jobs no longer count against the owner.
    const again = submit('user-a', 'a5');
    await flush();
    await release('a5');
    expect(await again).toBe('a5');
  });

  it('refuses any job once the process’s waiting line is full', async () => {
    const { scheduler, submit, release } = heldScheduler({ slots: 1, perOwner: 5, waiting: 2 });
    const jobs = [submit('a', 'a1'), submit('b', 'b1'), submit('c', 'c1')];
    await flush();
    await expect(submit('d', 'd1')).rejects.toMatchObject({ scope: 'server' });
    expect(scheduler.load()).toEqual({ running: 1, waiting: 2 });
    for (const name of ['a1', 'b1', 'c1']) await release(name);
    await Promise.all(jobs);
    expect(scheduler.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a job that fails', async () => {
    const scheduler = createImageJobScheduler({ slots: 1, perOwner: 1, waiting: 5 });
    await expect(scheduler.run('a', () => Promise.reject(new Error('broken image')))).rejects.toThrow(
      'broken image',
    );
    expect(await scheduler.run('a', async () => 'next')).toBe('next');
    expect(scheduler.load()).toEqual({ running: 0, waiting: 0 });
  });
});
