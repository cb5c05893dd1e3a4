import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import {
  calculateEarnings,
  limits,
  moneyToCents,
  percentToBasisPoints,
  platformPresets,
  type PlatformPreset,
} from './earnings';
import { formatMoney } from '../../lib/format/money';

/*
 * /calculator is for signed-in creators. A public page would be friendlier (it stores nothing and
 * would help creators before they sign up), but docs/product.md#pages-and-navigation lists every signed-out path and sends all
 * others to /, so a visitor is redirected like on any other signed-in page. It links on to the
 * Tax Tracker, where real income is recorded.
 */

const inputClasses = cn(
  'h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm',
  'focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-rose-500/30',
  'disabled:opacity-60 aria-[invalid=true]:border-rose-500',
  'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100',
);

const currencies = [
  { code: 'USD', locale: 'en-US', label: 'US dollar ($)' },
  { code: 'EUR', locale: 'de-DE', label: 'Euro (€)' },
  { code: 'GBP', locale: 'en-GB', label: 'British pound (£)' },
  { code: 'CAD', locale: 'en-CA', label: 'Canadian dollar (CA$)' },
  { code: 'AUD', locale: 'en-AU', label: 'Australian dollar (A$)' },
] as const;

export const calculatorTexts = {
  title: 'Earnings calculator',
  description: 'Estimate what a subscription brings in after the platform’s fee and a tax estimate.',
  subscribersError: `Enter a whole number of subscribers from 0 to ${limits.subscribers.toLocaleString('en-US')}.`,
  priceError: 'Enter a price such as 9.99 (up to 1,000, two decimals at most).',
  feeError: 'Enter the platform fee as a percentage from 0 to 100, e.g. 20 or 12.5.',
  taxError: 'Enter your tax rate as a percentage from 0 to 100, e.g. 25.',
  estimate:
    'This is an estimate: platforms may add payment-processing fees, and your real tax depends on where you live. Ask a tax professional before you rely on it.',
} as const;

function NumberField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
  inputMode: 'numeric' | 'decimal';
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {props.label}
      </label>
      <input
        id={id}
        className={inputClasses}
        inputMode={props.inputMode}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint && !props.error && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${id}-error`} className="text-sm text-rose-600 dark:text-rose-400">
          {props.error}
        </p>
      )}
    </div>
  );
}

function bpText(bp: number): string {
  return String(bp / 100);
}

export function CalculatorPage() {
  const [platform, setPlatform] = useState<PlatformPreset['id']>('onlyfans');
  const [subscribers, setSubscribers] = useState('100');
  const [price, setPrice] = useState('9.99');
  const [customFee, setCustomFee] = useState('15');
  const [tax, setTax] = useState('25');
  const [currencyCode, setCurrencyCode] = useState<(typeof currencies)[number]['code']>('USD');
  const currency = currencies.find((c) => c.code === currencyCode) ?? currencies[0];
  const preset = platformPresets.find((p) => p.id === platform) ?? platformPresets[0]!;

  const subscriberCount = /^\s*\d{1,7}\s*$/.test(subscribers) ? Number(subscribers) : null;
  const subscribersOk = subscriberCount !== null && subscriberCount <= limits.subscribers;
  const priceCents = moneyToCents(price);
  const priceOk = priceCents !== null && priceCents <= limits.priceCents;
  const feeBasisPoints = preset.feeBasisPoints ?? percentToBasisPoints(customFee);
  const taxBasisPoints = percentToBasisPoints(tax);

  const result =
    subscribersOk && priceOk && feeBasisPoints !== null && taxBasisPoints !== null
      ? calculateEarnings({ subscribers: subscriberCount, priceCents, feeBasisPoints, taxBasisPoints })
      : null;
  const money = (cents: number) => formatMoney(cents, currency.code, currency.locale);

  const rows = result && [
    {
      label: 'Gross per month',
      value: money(result.grossCents),
      detail: `${subscriberCount} × ${money(priceCents!)}`,
    },
    { label: `Platform fee (${bpText(feeBasisPoints!)} %)`, value: `− ${money(result.feeCents)}` },
    { label: 'Payout per month', value: money(result.payoutCents) },
    { label: `Tax estimate (${bpText(taxBasisPoints!)} %)`, value: `− ${money(result.taxCents)}` },
  ];

  return (
    <PageLayout title={calculatorTexts.title} description={calculatorTexts.description}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-zinc-900 dark:text-white">Your numbers</CardTitle>
            <CardDescription>Amounts are per month. Nothing you enter here is saved.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="space-y-1.5">
              <label
                htmlFor="calculator-platform"
                className="text-sm font-medium text-zinc-800 dark:text-zinc-200"
              >
                Platform
              </label>
              <select
                id="calculator-platform"
                className={inputClasses}
                value={platform}
                onChange={(event) => setPlatform(event.target.value as PlatformPreset['id'])}
              >
                {platformPresets.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.feeBasisPoints === null ? p.label : `${p.label} (${bpText(p.feeBasisPoints)} %)`}
                  </option>
                ))}
              </select>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">{preset.note}</p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <NumberField
                label="Subscribers"
                inputMode="numeric"
                value={subscribers}
                onChange={setSubscribers}
                error={subscribersOk ? undefined : calculatorTexts.subscribersError}
              />
              <NumberField
                label="Price per month"
                inputMode="decimal"
                value={price}
                onChange={setPrice}
                error={priceOk ? undefined : calculatorTexts.priceError}
              />
              <NumberField
                label="Platform fee (%)"
                inputMode="decimal"
                value={preset.feeBasisPoints === null ? customFee : bpText(preset.feeBasisPoints)}
                onChange={setCustomFee}
                disabled={preset.feeBasisPoints !== null}
                hint={preset.feeBasisPoints === null ? undefined : 'Choose “Custom” to enter another fee.'}
                error={feeBasisPoints === null ? calculatorTexts.feeError : undefined}
              />
              <NumberField
                label="Tax estimate (%)"
                inputMode="decimal"
                value={tax}
                onChange={setTax}
                error={taxBasisPoints === null ? calculatorTexts.taxError : undefined}
              />
            </div>
            <div className="space-y-1.5">
              <label
                htmlFor="calculator-currency"
                className="text-sm font-medium text-zinc-800 dark:text-zinc-200"
              >
                Currency
              </label>
              <select
                id="calculator-currency"
                className={inputClasses}
                value={currencyCode}
                onChange={(event) => setCurrencyCode(event.target.value as typeof currencyCode)}
              >
                {currencies.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="text-zinc-900 dark:text-white">What you keep</CardTitle>
            <CardDescription>
              Gross − platform fee = payout; payout − tax estimate = what you keep.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {result && rows ? (
              <div className="space-y-6">
                <dl aria-label="Results" className="divide-y divide-zinc-200 dark:divide-zinc-800">
                  {rows.map((row) => (
                    <div key={row.label} className="flex items-baseline justify-between gap-4 py-3">
                      <dt className="text-sm text-zinc-600 dark:text-zinc-400">
                        {row.label}
                        {row.detail && <span className="block text-xs text-zinc-500">{row.detail}</span>}
                      </dt>
                      <dd className="font-medium tabular-nums text-zinc-900 dark:text-zinc-100">
                        {row.value}
                      </dd>
                    </div>
                  ))}
                  <div className="flex items-baseline justify-between gap-4 py-3">
                    <dt className="font-semibold text-zinc-900 dark:text-white">You keep per month</dt>
                    <dd
                      className="text-2xl font-bold tabular-nums text-rose-600 dark:text-rose-400"
                      data-testid="net-monthly"
                    >
                      {money(result.netCents)}
                    </dd>
                  </div>
                  <div className="flex items-baseline justify-between gap-4 py-3">
                    <dt className="text-sm text-zinc-600 dark:text-zinc-400">Per year</dt>
                    <dd className="font-medium tabular-nums text-zinc-900 dark:text-zinc-100">
                      {money(result.yearlyNetCents)}
                    </dd>
                  </div>
                </dl>
              </div>
            ) : (
              <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
                Fix the highlighted fields to see your estimate.
              </p>
            )}
            <p
              role="note"
              className="mt-6 rounded-lg bg-zinc-50 p-3 text-xs text-zinc-600 dark:bg-zinc-950 dark:text-zinc-400"
            >
              {calculatorTexts.estimate}
            </p>
            <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
              Record what you really earn in the{' '}
              <Link to="/tax-tracker" className="font-medium text-rose-600 underline dark:text-rose-400">
                Tax Tracker
              </Link>
              , and see what Pro adds on the{' '}
              <Link to="/pro-perks" className="font-medium text-rose-600 underline dark:text-rose-400">
                Pro perks
              </Link>{' '}
              page.
            </p>
          </CardContent>
        </Card>
      </div>
    </PageLayout>
  );
}
