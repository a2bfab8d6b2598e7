import { describe, expect, it } from 'vitest';
import { isBatch, MessageBatcher } from './message-batcher';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('MessageBatcher', () => {
  it('posts what one turn pushed as one batch, in order, and the next turn as another', async () => {
    const posted: number[][] = [];
    const batcher = new MessageBatcher<number>((batch) => posted.push(batch));
    batcher.push(1);
    batcher.push(2);
    await Promise.resolve();
    batcher.push(3);
    expect(posted).toEqual([]);
    await nextTurn();
    batcher.push(4);
    await nextTurn();
    expect(posted).toEqual([[1, 2, 3], [4]]);
  });

  it('flushes at once when asked, and posts nothing for an empty turn', async () => {
    const posted: string[][] = [];
    const batcher = new MessageBatcher<string>((batch) => posted.push(batch));
    batcher.push('a');
    batcher.flush();
    expect(posted).toEqual([['a']]);
    await nextTurn();
    expect(posted).toEqual([['a']]);
  });

  it('tells a batch from a notice', () => {
    expect(isBatch({ batch: [] })).toBe(true);
    expect(isBatch({ derived: {} })).toBe(false);
    expect(isBatch(null)).toBe(false);
  });
});
