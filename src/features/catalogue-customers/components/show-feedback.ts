import { toastError, toastSuccess } from '../../../lib/toast';
import type { Feedback } from '../customer-feedback';

export function showFeedback({ tone, title, sub }: Feedback): void {
  if (tone === 'success') toastSuccess(title, Array.isArray(sub) ? sub.join(' ') : sub);
  else toastError(title, sub);
}
