import { taxExpenseCategories } from '@app/shared/tax';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, primaryId, updatedAt } from './columns.js';
import { mediaAssets } from './media.js';
import { users } from './users.js';

/** Income the creator received, by platform and day. Amounts in cents, never floats. */
export const taxIncome = pgTable(
  'tax_income',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    amountCents: integer('amount_cents').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tax_income_user_id_received_on_idx').on(t.userId, t.receivedOn),
    check('tax_income_amount_cents_check', sql`${t.amountCents} > 0`),
  ],
);

export const taxExpenses = pgTable(
  'tax_expenses',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: taxExpenseCategories }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    spentOn: date('spent_on', { mode: 'string' }).notNull(),
    description: text('description'),
    // A receipt photo from the user's gallery; deleting the photo keeps the expense.
    receiptMediaId: uuid('receipt_media_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tax_expenses_user_id_spent_on_idx').on(t.userId, t.spentOn),
    index('tax_expenses_receipt_media_id_idx').on(t.receiptMediaId),
    oneOf('tax_expenses_category_check', t.category, taxExpenseCategories),
    check('tax_expenses_amount_cents_check', sql`${t.amountCents} > 0`),
  ],
);

/** The user's own estimated tax rate, in basis points (2500 = 25.00 %). */
export const taxProfiles = pgTable(
  'tax_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateBasisPoints: integer('rate_basis_points').notNull().default(2500),
    currency: text('currency').notNull().default('usd'),
    updatedAt: updatedAt(),
  },
  (t) => [check('tax_profiles_rate_check', sql`${t.rateBasisPoints} between 0 and 10000`)],
);

export type TaxIncomeRow = typeof taxIncome.$inferSelect;
export type NewTaxIncomeRow = typeof taxIncome.$inferInsert;
export type TaxExpenseRow = typeof taxExpenses.$inferSelect;
export type NewTaxExpenseRow = typeof taxExpenses.$inferInsert;
export type TaxProfileRow = typeof taxProfiles.$inferSelect;
