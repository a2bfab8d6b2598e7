import { describe, expect, it } from 'vitest';
import { mockOf } from './service-mocks';

interface Shelf {
  find(id: string): Promise<{ id: string } | undefined>;
  count(): number;
}

describe('mockOf', () => {
  it('makes each method on first use and keeps it', async () => {
    const shelf = mockOf<Shelf>();
    shelf.find.mockResolvedValue({ id: 'a' });
    await expect(shelf.find('a')).resolves.toEqual({ id: 'a' });
    expect(shelf.find).toHaveBeenCalledWith('a');
    expect(shelf.count()).toBeUndefined();
  });

  it('takes answers up front and is not mistaken for a promise', async () => {
    const shelf = mockOf<Shelf>({ count: () => 3 });
    expect(shelf.count()).toBe(3);
    await expect(Promise.resolve(shelf)).resolves.toBe(shelf);
  });
});
