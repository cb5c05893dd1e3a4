/**
 * Group commit: requests that arrive while a write is in flight wait for it to finish and are then
 * written together, in one statement and one commit, each answered with its own result. An idle
 * process writes a lone request at once, so nobody waits for a timer; under load a round trip to
 * the database (and its disk flush) is shared by every request that came in meanwhile.
 *
 * Nothing is acknowledged before its group's write has returned, so a crash loses only requests
 * that were never answered (and that clients therefore send again).
 */
export interface GroupCommitOptions {
  /** Writes running at the same time; more overlap the database's work with this process's. */
  maxConcurrentWrites: number;
  /** Requests per write at most, which bounds a statement's size. */
  maxGroupSize: number;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * `write` receives the items of one group in arrival order and answers one result per item, in the
 * same order. If it throws for a group of several, each item is written again on its own, so one
 * request that the database refuses does not fail the others that happened to share its group.
 */
export function createGroupCommit<T, R>(write: (items: T[]) => Promise<R[]>, options: GroupCommitOptions) {
  const waiting: Waiting<T, R>[] = [];
  let writing = 0;

  async function writeGroup(group: Waiting<T, R>[]) {
    try {
      const results = await write(group.map((entry) => entry.item));
      group.forEach((entry, index) => entry.resolve(results[index]!));
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      else await Promise.all(group.map((entry) => writeGroup([entry])));
    }
  }

  function drain() {
    while (writing < options.maxConcurrentWrites && waiting.length > 0) {
      const group = waiting.splice(0, options.maxGroupSize);
      writing++;
      void writeGroup(group).finally(() => {
        writing--;
        drain();
      });
    }
  }

  return function submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      drain();
    });
  };
}
