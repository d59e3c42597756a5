import type { DepositStatus } from '../../../domain/deposits';

export interface DepositItem {
  id: number;
  name: string;
  categoryId: number;
  category: string;
  categoryPath: string;
  mimeType: string;
  size: number;
  status: DepositStatus;
  statusLabel: string;
  createdAt: string;
  processedAt: string | null;
  batchId: number | null;
  documentId: number | null;
  depositedBy: { id: number; firstName: string; name: string };
  mine: boolean;
  company: { id: number; label: string };
}

export interface DepositPage {
  items: DepositItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface BatchView {
  id: number;
  status: 'queued' | 'processing' | 'done';
  total: number;
  processed: number;
  files: Array<{ id: number; name: string; status: DepositStatus; documentId: number | null }>;
}
