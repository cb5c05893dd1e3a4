import { describe, expect, it } from 'vitest';
import type { JobQueue, SendOptions } from './queue.js';
import { wakeAheadMs, wakeSenderIfDueSoon } from './send-posts.job.js';

/** A queue that only records what was sent to it. */
function recordingQueue() {
  const sent: { name: string; options: SendOptions | undefined }[] = [];
  const queue = {
    send: async (definition: { id: string }, _payload: unknown, options?: SendOptions) => {
      sent.push({ name: definition.id, options });
      return 'job-id';
    },
  } as unknown as JobQueue;
  return { queue, sent };
}

describe('waking the post sender from a request', () => {
  // An hour ahead of the real clock, which wakeSender also reads to tell "due now" from "later".
  const now = Date.now() + 3_600_000;

  it('queues a wake job for a post due within the wake-ahead window, at the second after it falls due', async () => {
    const { queue, sent } = recordingQueue();
    await wakeSenderIfDueSoon(queue, new Date(now + 90_500), now);
    const second = Math.floor((now + 90_500) / 1000);
    expect(sent).toEqual([
      {
        name: 'posts.send',
        options: { singletonKey: `due-${second}`, startAfter: new Date(second * 1000 + 1000) },
      },
    ]);
  });

  it('leaves a post due later to the minute sweep: no job at all', async () => {
    const { queue, sent } = recordingQueue();
    await wakeSenderIfDueSoon(queue, new Date(now + wakeAheadMs + 1), now);
    await wakeSenderIfDueSoon(queue, new Date(now + 30 * 86_400_000), now);
    expect(sent).toEqual([]);
  });

  it('wakes at once for a post due now', async () => {
    const { queue, sent } = recordingQueue();
    await wakeSenderIfDueSoon(queue, new Date(Date.now() - 1000));
    expect(sent).toEqual([{ name: 'posts.send', options: { singletonKey: 'due-now' } }]);
  });
});
