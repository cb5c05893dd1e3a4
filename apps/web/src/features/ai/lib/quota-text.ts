import type { AiQuota } from '@app/shared/ai';
import { plural } from '@app/shared/plural';

export interface QuotaSummary {
  /** "3 of 5 generations left today", or "Unlimited generations". */
  headline: string;
  /** When the count starts again, and how to get more. */
  detail: string;
  /** 0–100 used, or null when unlimited. */
  usedPercent: number | null;
  exhausted: boolean;
  /** Where more generations come from: sign up for visitors, the plans in settings for members. */
  upgrade: { to: string; label: string } | null;
}

const planNames = {
  visitor: 'Visitor',
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  admin: 'Admin',
} as const;

export function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

function upgradeFor(plan: AiQuota['plan']): QuotaSummary['upgrade'] {
  if (plan === 'visitor') return { to: '/signup', label: 'Sign up free for 5 a day' };
  if (plan === 'free') return { to: '/settings', label: 'Upgrade for 50 a day or unlimited' };
  if (plan === 'starter') return { to: '/settings', label: 'Upgrade to Pro for unlimited' };
  return null;
}

/** The remaining daily quota in words (docs/product.md#ai-studio: Free 5, Starter 50, Pro unlimited; visitors a few per address). */
export function summarizeQuota(quota: AiQuota, now = Date.now()): QuotaSummary {
  if (quota.limit === null || quota.remaining === null) {
    return {
      headline: 'Unlimited generations',
      detail: `Your ${planNames[quota.plan]} plan has no daily limit.`,
      usedPercent: null,
      exhausted: false,
      upgrade: null,
    };
  }
  const wait = formatWait(Date.parse(quota.resetsAt) - now);
  const exhausted = quota.remaining === 0;
  const noun = `${quota.plan === 'visitor' ? 'free ' : ''}${plural(quota.limit ?? 0, { one: 'generation', other: 'generations' })}`;
  const plan = quota.plan === 'visitor' ? '' : ` ${planNames[quota.plan]} plan: ${quota.limit} a day.`;
  return {
    headline: exhausted
      ? 'No generations left today'
      : `${quota.remaining} of ${quota.limit} ${noun} left today`,
    detail: exhausted
      ? `You have used all ${quota.limit} for today. More in ${wait} (midnight UTC).`
      : `Resets in ${wait} (midnight UTC).${plan}`,
    usedPercent: Math.min(100, Math.round((quota.used / quota.limit) * 100)),
    exhausted,
    upgrade: upgradeFor(quota.plan),
  };
}
