import type { Subscription } from '@app/shared/billing';

const statusLabels: Record<Subscription['status'], string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Payment expired',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  paused: 'Paused',
  refunded: 'Refunded',
};

export function statusLabel(status: Subscription['status']): string {
  return statusLabels[status];
}

export type StatusTone = 'good' | 'warning' | 'muted';

export function statusTone(status: Subscription['status']): StatusTone {
  if (status === 'active' || status === 'trialing') return 'good';
  if (status === 'past_due' || status === 'unpaid' || status === 'incomplete') return 'warning';
  return 'muted';
}
