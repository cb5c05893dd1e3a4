import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { Community } from '@app/shared/communities';
import { cn } from '../../../components/ui/cn';
import { formatSuccessRate, successTone, type SuccessTone } from '../lib/community-format';

type PillTone = SuccessTone | 'neutral';

const pillTones: Record<PillTone, string> = {
  success:
    'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-400/20',
  warning:
    'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-400/20',
  destructive:
    'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-400/20',
  unknown:
    'bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-400 dark:ring-zinc-400/20',
  neutral:
    'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/20',
};

export function Pill({
  tone,
  children,
  className,
}: {
  tone: PillTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        pillTones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** docs/product.md#communities: the success rate coloured by its tone, or N/A. */
export function SuccessRate({ value }: { value: number | null }) {
  return (
    <Pill tone={successTone(value)} className="tabular-nums">
      {formatSuccessRate(value)}
    </Pill>
  );
}

const promotionTones: Record<Community['promotionAllowed'], PillTone> = {
  yes: 'success',
  limited: 'warning',
  no: 'neutral',
};
const promotionLabels: Record<Community['promotionAllowed'], string> = {
  yes: 'Yes',
  limited: 'Limited',
  no: 'No',
};

export function PromotionBadge({ value }: { value: Community['promotionAllowed'] }) {
  return <Pill tone={promotionTones[value]}>{promotionLabels[value]}</Pill>;
}

export function VerificationBadge({ required }: { required: boolean }) {
  return required ? (
    <Pill tone="warning">
      <ShieldCheck aria-hidden="true" className="size-3.5" />
      Required
    </Pill>
  ) : (
    <Pill tone="neutral">Not required</Pill>
  );
}
