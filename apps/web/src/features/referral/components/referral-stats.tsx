import { referralTexts, type ReferralOverview } from '@app/shared/referral';
import { Card, CardContent } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format/money';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1">
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
        <dd className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-white">{value}</dd>
      </CardContent>
    </Card>
  );
}

/** The two counts, the credit, and the rule that produced it in plain words. */
export function ReferralStats({ overview }: { overview: ReferralOverview }) {
  const { counts, earnings } = overview;
  return (
    <section aria-label={referralTexts.rewardTitle} className="flex flex-col gap-4">
      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat label={referralTexts.signedUpLabel} value={String(counts.signedUp)} />
        <Stat label={referralTexts.linkedLabel} value={String(counts.linked)} />
        <Stat label={referralTexts.earnedLabel} value={formatMoney(earnings.totalCreditCents)} />
      </dl>
      <div className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-950 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-100">
        <h2 className="font-semibold">{referralTexts.rewardTitle}</h2>
        <p className="mt-1">{referralTexts.rewardRule(earnings.creditPerReferralCents)}</p>
      </div>
    </section>
  );
}
