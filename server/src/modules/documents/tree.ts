import { CATEGORY_TREE, findCategory, pruneTree, type CategoryNode } from '../../../../src/domain/document-categories';

export type { CategoryTreeNode } from '../../../../src/contract/documents';
import type { CategoryTreeNode } from '../../../../src/contract/documents';

/** The readable part of the tree (id 0 = every root) with document counts summed upwards; null when not readable. */
export function categoryTree(
  rootId: number,
  readable: number[],
  counts: Map<number, { total: number; unread: number }>,
): CategoryTreeNode[] | null {
  const pruned = pruneTree(CATEGORY_TREE, readable);
  const find = (nodes: CategoryNode[]): CategoryNode | undefined => {
    for (const n of nodes) {
      if (n.id === rootId) return n;
      const below = find(n.children);
      if (below) return below;
    }
    return undefined;
  };
  const roots = rootId === 0 ? pruned : [find(pruned)].filter((n): n is CategoryNode => !!n);
  if (rootId !== 0 && (roots.length === 0 || !findCategory(rootId))) return null;
  const ok = new Set(readable);
  const convert = (n: CategoryNode): CategoryTreeNode => {
    const children = n.children.map(convert);
    const own = ok.has(n.id) ? counts.get(n.id) : undefined;
    return {
      id: n.id,
      label: n.label,
      scope: n.scope,
      parentId: n.parentId,
      count: (own?.total ?? 0) + children.reduce((s, c) => s + c.count, 0),
      unread: (own?.unread ?? 0) + children.reduce((s, c) => s + c.unread, 0),
      readable: ok.has(n.id),
      children,
    };
  };
  return roots.map(convert);
}
