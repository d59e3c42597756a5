// List convention (api-conventions.md): ?q=&page=&pageSize= → { items, total, page, pageSize }.
export { MAX_PAGE_SIZE, listQuery, type ListQuery, type Page } from '../../../../src/contract/common';

// Shared by every module's lists (server/src/db/paging.ts).
export { containsPattern, pageTotal } from '../../db/paging';
