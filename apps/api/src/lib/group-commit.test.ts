import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.js';

/** A write that records each group and finishes only when the test lets it. */
function controlledWrite() {
  const groups: number[][] = [];
  const finishers: (() => void)[] = [];
  const write = (items: number[]) => {
    groups.push(items);
    return new Promise<string[]>((resolve) =>
      finishers.push(() => resolve(items.map((item) => `done ${item}`))),
    );
  };
  const finishNext = async () => {
    finishers.shift()!();
    // Let the answers and the next group's start run.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { groups, write, finishNext };
}

describe('createGroupCommit', () => {
  it('writes a lone request at once, and those arriving meanwhile together after it', async () => {
    const { groups, write, finishNext } = controlledWrite();
    const submit = createGroupCommit(write, { maxConcurrentWrites: 1, maxGroupSize: 100 });
    const first = submit(1);
    expect(groups).toEqual([[1]]);
    const later = [submit(2), submit(3), submit(4)];
    expect(groups).toEqual([[1]]);
    await finishNext();
    expect(await first).toBe('done 1');
    expect(groups).toEqual([[1], [2, 3, 4]]);
    await finishNext();
    expect(await Promise.all(later)).toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('keeps to the writes in flight and the group size', async () => {
    const { groups, write, finishNext } = controlledWrite();
    const submit = createGroupCommit(write, { maxConcurrentWrites: 2, maxGroupSize: 2 });
    const answers = [1, 2, 3, 4, 5, 6, 7].map((item) => submit(item));
    expect(groups).toEqual([[1], [2]]);
    await finishNext();
    expect(groups).toEqual([[1], [2], [3, 4]]);
    await finishNext();
    await finishNext();
    await finishNext();
    await finishNext();
    expect(groups).toEqual([[1], [2], [3, 4], [5, 6], [7]]);
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6, 7].map((item) => `done ${item}`));
  });

  it('writes each request of a failed group on its own, so only the one the database refuses fails', async () => {
    const groups: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const submit = createGroupCommit(
      async (items: number[]) => {
        groups.push(items);
        if (items[0] === 0) await gate;
        if (items.includes(13)) throw new Error('refused');
        return items.map((item) => item * 10);
      },
      { maxConcurrentWrites: 1, maxGroupSize: 10 },
    );
    const blocker = submit(0);
    const answers = [12, 13, 14].map((item) =>
      submit(item).then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    release();
    expect(await blocker).toBe(0);
    expect(await Promise.all(answers)).toEqual([{ value: 120 }, { error: 'refused' }, { value: 140 }]);
    expect(groups).toEqual([[0], [12, 13, 14], [12], [13], [14]]);
  });
});
