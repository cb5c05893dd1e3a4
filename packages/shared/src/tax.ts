import { z } from 'zod';

/** docs/product.md#tax-tracker: the tax tracker. Money is always integer cents; the browser sends dollars as text. */

export const taxExpenseCategories = [
  'equipment',
  'software',
  'marketing',
  'wardrobe',
  'props',
  'travel',
  'platform_fees',
  'home_office',
  'other',
] as const;
export type TaxExpenseCategory = (typeof taxExpenseCategories)[number];

export const taxCategoryLabels: Record<TaxExpenseCategory, string> = {
  equipment: 'Equipment (camera, lighting, phone)',
  software: 'Software and subscriptions',
  marketing: 'Marketing and promotion',
  wardrobe: 'Wardrobe and costumes',
  props: 'Props and sets',
  travel: 'Travel',
  platform_fees: 'Platform and payment fees',
  home_office: 'Home office and internet',
  other: 'Other',
};

export const taxPlatformSuggestions = [
  'OnlyFans',
  'Fansly',
  'ManyVids',
  'Patreon',
  'Reddit',
  'Twitter/X',
  'Instagram',
  'TikTok',
  'Other',
] as const;

export const taxCurrencies = ['usd', 'eur', 'gbp', 'cad', 'aud'] as const;
export type TaxCurrency = (typeof taxCurrencies)[number];

/** The largest single amount: $10,000,000.00. */
export const maxTaxAmountCents = 1_000_000_000;
export const minTaxYear = 2000;
export const defaultTaxRateBasisPoints = 2500;

export const taxTexts = {
  amountRequired: 'Enter an amount, for example 12.34.',
  amountFormat:
    'Enter the amount in dollars and cents, for example 1234.56 (at most 2 decimals, no letters).',
  amountPositive: 'The amount must be more than 0.',
  amountTooLarge: 'The amount can be at most 10,000,000.00.',
  dateFormat: 'Enter the date as YYYY-MM-DD, for example 2026-03-31.',
  dateTooEarly: `Dates before ${minTaxYear} cannot be tracked.`,
  dateTooLate: 'The date is too far in the future: it can be at most one year from today.',
  platformRequired: 'Enter the platform the money came from, for example OnlyFans.',
  platformTooLong: 'The platform name can be at most 40 characters.',
  noteTooLong: 'Notes can be at most 500 characters.',
  descriptionTooLong: 'Descriptions can be at most 500 characters.',
  categoryInvalid: `Choose one of the categories: ${taxExpenseCategories.join(', ')}.`,
  rateInvalid:
    'Enter your tax rate as a percentage from 0 to 100, with at most 2 decimals (for example 25 or 27.5).',
  currencyInvalid: `Choose one of the currencies: ${taxCurrencies.join(', ')}.`,
  yearInvalid: `The year must be a whole number from ${minTaxYear} to next year.`,
  nothingToChange: 'Send at least one field to change.',
  incomeNotFound: 'Income entry not found. It may have been deleted; reload the page.',
  expenseNotFound: 'Expense not found. It may have been deleted; reload the page.',
  receiptNotFound: 'Receipt not found',
  incomeDeleted: 'Income entry deleted.',
  expenseDeleted: 'Expense deleted.',
  disclaimer:
    'These figures are an estimate to help you save, not tax advice. Ask a tax professional for your real liability.',
  quarterBasis:
    'Quarters follow the US estimated-tax periods: Q1 Jan–Mar (due Apr 15), Q2 Apr–May (due Jun 15), Q3 Jun–Aug (due Sep 15), Q4 Sep–Dec (due Jan 15 of the next year).',
  rounding:
    'Each estimate is max(0, net profit) × your rate, rounded to the cent with halves rounded up. A loss in one quarter is not offset against another, so the four quarterly estimates can add up to more than the yearly one.',
} as const;

/** "1,234.56", "$12.3", "12" or the number 12.34 → 1234 (integer cents, no float arithmetic). */
export function parseAmountToCents(input: string | number): { cents: number } | { error: string } {
  const text = (typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input).trim();
  if (text === '')
    return { error: typeof input === 'number' ? taxTexts.amountFormat : taxTexts.amountRequired };
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return { error: taxTexts.amountFormat };
  const whole = match[1]!.replaceAll(',', '').replace(/^0+(?=\d)/, '');
  if (whole.length > 8) return { error: taxTexts.amountTooLarge };
  const cents = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents <= 0) return { error: taxTexts.amountPositive };
  if (cents > maxTaxAmountCents) return { error: taxTexts.amountTooLarge };
  return { cents };
}

/** 1234 → "1234.56"-style text with exactly two decimals, from integers only. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The rate as percent text or number ("27.5") → basis points (2750). */
export function parseRateToBasisPoints(input: string | number): number | undefined {
  const text = (typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input)
    .trim()
    .replace(/%$/, '');
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return undefined;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints <= 10_000 ? basisPoints : undefined;
}

/**
 * cents × basisPoints / 10000, rounded half up, in BigInt so a large year cannot lose a cent to
 * floating point. Negative nets owe nothing.
 */
export function estimateTaxCents(netCents: number, basisPoints: number): number {
  if (netCents <= 0) return 0;
  return Number((BigInt(netCents) * BigInt(basisPoints) + 5000n) / 10000n);
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The last day a date may name: one year from today (UTC). */
export function latestAllowedDay(now = new Date()): string {
  const limit = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()));
  return limit.toISOString().slice(0, 10);
}

function dayIssue(value: string): string | undefined {
  const match = isoDay.exec(value);
  if (!match) return taxTexts.dateFormat;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return taxTexts.dateFormat;
  }
  if (year < minTaxYear) return taxTexts.dateTooEarly;
  if (value > latestAllowedDay()) return taxTexts.dateTooLate;
  return undefined;
}

const taxDaySchema = z
  .string({ message: taxTexts.dateFormat })
  .trim()
  .superRefine((value, context) => {
    const issue = dayIssue(value);
    if (issue) context.addIssue({ code: 'custom', message: issue });
  });

const amountSchema = z
  .union([z.string(), z.number()], { message: taxTexts.amountRequired })
  .transform((value, context) => {
    const parsed = parseAmountToCents(value);
    if ('error' in parsed) {
      context.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.cents;
  });

/** Empty text means "no text": stored as null. */
const optionalText = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .max(max, { message })
    .nullish()
    // undefined stays undefined, so an update without the field leaves it alone.
    .transform((value) => (value === undefined ? undefined : value || null));

const platformSchema = z
  .string({ message: taxTexts.platformRequired })
  .trim()
  .min(1, { message: taxTexts.platformRequired })
  .max(40, { message: taxTexts.platformTooLong })
  // "onlyfans" and "OnlyFans" are one platform in the summary.
  .transform(
    (value) => taxPlatformSuggestions.find((known) => known.toLowerCase() === value.toLowerCase()) ?? value,
  );

const categorySchema = z.enum(taxExpenseCategories, { message: taxTexts.categoryInvalid });
const receiptSchema = z.uuid({ message: taxTexts.receiptNotFound }).nullish();

export const createTaxIncomeSchema = z.strictObject({
  platform: platformSchema,
  amount: amountSchema,
  receivedOn: taxDaySchema,
  note: optionalText(500, taxTexts.noteTooLong),
});
export type CreateTaxIncomeInput = z.input<typeof createTaxIncomeSchema>;
export type CreateTaxIncome = z.output<typeof createTaxIncomeSchema>;

export const updateTaxIncomeSchema = z.strictObject({
  platform: platformSchema.optional(),
  amount: amountSchema.optional(),
  receivedOn: taxDaySchema.optional(),
  note: optionalText(500, taxTexts.noteTooLong).optional(),
});
export type UpdateTaxIncome = z.output<typeof updateTaxIncomeSchema>;

export const createTaxExpenseSchema = z.strictObject({
  category: categorySchema,
  amount: amountSchema,
  spentOn: taxDaySchema,
  description: optionalText(500, taxTexts.descriptionTooLong),
  receiptMediaId: receiptSchema,
});
export type CreateTaxExpenseInput = z.input<typeof createTaxExpenseSchema>;
export type CreateTaxExpense = z.output<typeof createTaxExpenseSchema>;

export const updateTaxExpenseSchema = z.strictObject({
  category: categorySchema.optional(),
  amount: amountSchema.optional(),
  spentOn: taxDaySchema.optional(),
  description: optionalText(500, taxTexts.descriptionTooLong).optional(),
  receiptMediaId: receiptSchema,
});
export type UpdateTaxExpense = z.output<typeof updateTaxExpenseSchema>;

export const taxYearQuerySchema = z.strictObject({
  year: z.coerce
    .number({ message: taxTexts.yearInvalid })
    .int({ message: taxTexts.yearInvalid })
    .min(minTaxYear, { message: taxTexts.yearInvalid })
    .refine((year) => year <= new Date().getUTCFullYear() + 1, { message: taxTexts.yearInvalid })
    .optional(),
});

export const taxIdParamsSchema = z.strictObject({ id: z.uuid({ message: 'id must be a valid id (UUID)' }) });

export const taxIncomeSchema = z.object({
  id: z.string(),
  platform: z.string(),
  amountCents: z.number().int(),
  receivedOn: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxIncome = z.infer<typeof taxIncomeSchema>;

export const taxReceiptSchema = z.object({ id: z.string(), filename: z.string(), thumbnailUrl: z.string() });

export const taxExpenseSchema = z.object({
  id: z.string(),
  category: z.enum(taxExpenseCategories),
  amountCents: z.number().int(),
  spentOn: z.string(),
  description: z.string().nullable(),
  receipt: taxReceiptSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxExpense = z.infer<typeof taxExpenseSchema>;

export const taxIncomeListSchema = z.object({ year: z.number().int(), items: z.array(taxIncomeSchema) });
export const taxExpenseListSchema = z.object({ year: z.number().int(), items: z.array(taxExpenseSchema) });
export const taxDeletedSchema = z.object({ message: z.string() });

export const updateTaxProfileSchema = z
  .strictObject({
    ratePercent: z
      .union([z.string(), z.number()], { message: taxTexts.rateInvalid })
      .transform((value, context) => {
        const basisPoints = parseRateToBasisPoints(value);
        if (basisPoints === undefined) {
          context.addIssue({ code: 'custom', message: taxTexts.rateInvalid });
          return z.NEVER;
        }
        return basisPoints;
      }),
    currency: z.enum(taxCurrencies, { message: taxTexts.currencyInvalid }).optional(),
  })
  // People type a percentage; the server stores basis points.
  .transform(({ ratePercent, currency }) => ({ rateBasisPoints: ratePercent, currency }));
export type UpdateTaxProfileInput = z.input<typeof updateTaxProfileSchema>;

export const taxProfileSchema = z.object({
  rateBasisPoints: z.number().int(),
  /** The same rate for people: 2750 → 27.5. */
  ratePercent: z.number(),
  currency: z.enum(taxCurrencies),
});
export type TaxProfile = z.infer<typeof taxProfileSchema>;

export const taxQuarterSchema = z.object({
  quarter: z.number().int().min(1).max(4),
  label: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  dueOn: z.string(),
  incomeCents: z.number().int(),
  expensesCents: z.number().int(),
  netCents: z.number().int(),
  estimatedTaxCents: z.number().int(),
});
export type TaxQuarter = z.infer<typeof taxQuarterSchema>;

export const taxSummarySchema = z.object({
  year: z.number().int(),
  currency: z.enum(taxCurrencies),
  rateBasisPoints: z.number().int(),
  ratePercent: z.number(),
  totals: z.object({
    incomeCents: z.number().int(),
    expensesCents: z.number().int(),
    netCents: z.number().int(),
    estimatedTaxCents: z.number().int(),
  }),
  /** Index 0 is January; every month present, zero when nothing came in. */
  incomeByMonth: z.array(z.number().int()).length(12),
  incomeByPlatform: z.array(
    z.object({
      platform: z.string(),
      totalCents: z.number().int(),
      months: z.array(z.number().int()).length(12),
    }),
  ),
  expensesByCategory: z.array(
    z.object({ category: z.enum(taxExpenseCategories), label: z.string(), totalCents: z.number().int() }),
  ),
  quarters: z.array(taxQuarterSchema).length(4),
  /** The first quarter whose due date is today or later; null once the year's last one has passed. */
  nextPayment: z
    .object({
      quarter: z.number().int(),
      label: z.string(),
      dueOn: z.string(),
      estimatedTaxCents: z.number().int(),
    })
    .nullable(),
  quarterBasis: z.string(),
  rounding: z.string(),
});
export type TaxSummary = z.infer<typeof taxSummarySchema>;

/** US estimated-tax periods as [first month, last month, due month of (year + dueYearOffset), due day]. */
export const taxQuarterPeriods = [
  { quarter: 1, firstMonth: 1, lastMonth: 3, dueMonth: 4, dueYearOffset: 0 },
  { quarter: 2, firstMonth: 4, lastMonth: 5, dueMonth: 6, dueYearOffset: 0 },
  { quarter: 3, firstMonth: 6, lastMonth: 8, dueMonth: 9, dueYearOffset: 0 },
  { quarter: 4, firstMonth: 9, lastMonth: 12, dueMonth: 1, dueYearOffset: 1 },
] as const;

export function quarterOfMonth(month: number): 1 | 2 | 3 | 4 {
  return taxQuarterPeriods.find((period) => month >= period.firstMonth && month <= period.lastMonth)!.quarter;
}

/** The two kinds of tax entry; each has its own table, API path and texts, and one shared module. */
export const taxEntryKindNames = ['income', 'expense'] as const;
export type TaxEntryKind = (typeof taxEntryKindNames)[number];

/** Everything that differs between income and expenses on the wire: path, schemas and texts. */
export const taxEntryKinds = {
  income: {
    path: '/api/tax/income',
    createSchema: createTaxIncomeSchema,
    updateSchema: updateTaxIncomeSchema,
    entrySchema: taxIncomeSchema,
    listSchema: taxIncomeListSchema,
    notFound: taxTexts.incomeNotFound,
    deleted: taxTexts.incomeDeleted,
  },
  expense: {
    path: '/api/tax/expenses',
    createSchema: createTaxExpenseSchema,
    updateSchema: updateTaxExpenseSchema,
    entrySchema: taxExpenseSchema,
    listSchema: taxExpenseListSchema,
    notFound: taxTexts.expenseNotFound,
    deleted: taxTexts.expenseDeleted,
  },
} as const;

/** The types of each kind, for code written once for both kinds. */
export interface TaxEntryTypes {
  income: {
    entry: TaxIncome;
    create: CreateTaxIncome;
    createInput: CreateTaxIncomeInput;
    update: UpdateTaxIncome;
  };
  expense: {
    entry: TaxExpense;
    create: CreateTaxExpense;
    createInput: CreateTaxExpenseInput;
    update: UpdateTaxExpense;
  };
}
