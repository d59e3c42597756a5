import { describe, expect, it } from 'vitest';
import { categoryTree } from './tree';

describe('categoryTree', () => {
  const counts = new Map([
    [39, { total: 3, unread: 1 }],
    [4, { total: 1, unread: 0 }],
    [18, { total: 2, unread: 2 }],
  ]);

  it('sums counts upwards and keeps only readable branches', () => {
    const tree = categoryTree(0, [4, 39, 18], counts)!;
    expect(tree.map((n) => [n.id, n.count, n.unread, n.readable])).toEqual([
      [1, 4, 1, false],
      [11, 2, 2, false],
    ]);
    expect(tree[0].children[0]).toMatchObject({ id: 4, count: 4, readable: true });
  });

  it('gives one sub-tree, or null for a category the user cannot reach', () => {
    expect(categoryTree(4, [4, 39], counts)!.map((n) => n.id)).toEqual([4]);
    expect(categoryTree(20, [4, 39], counts)).toBeNull();
    expect(categoryTree(999, [4], counts)).toBeNull();
  });
});
