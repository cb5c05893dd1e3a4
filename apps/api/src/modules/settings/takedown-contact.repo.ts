import { eq } from 'drizzle-orm';
import { emptyTakedownContact, type TakedownContact } from '@app/shared/takedown-contact';
import type { Database } from '../../db/client.js';
import { takedownContacts, type TakedownContactRow } from '../../db/schema/index.js';

function toContact(row: TakedownContactRow): TakedownContact {
  const { legalName, postalAddress, email, phone } = row;
  return { legalName, postalAddress, email, phone };
}

/** Her takedown contact details, or all empty when she never saved them. */
export async function findTakedownContact(db: Database, userId: string): Promise<TakedownContact> {
  const [row] = await db.select().from(takedownContacts).where(eq(takedownContacts.userId, userId)).limit(1);
  return row ? toContact(row) : { ...emptyTakedownContact };
}

/** Replaces the whole set in one statement, so two concurrent saves cannot both insert the row. */
export async function replaceTakedownContact(
  db: Database,
  userId: string,
  contact: TakedownContact,
): Promise<TakedownContact> {
  const [row] = await db
    .insert(takedownContacts)
    .values({ ...contact, userId })
    .onConflictDoUpdate({ target: takedownContacts.userId, set: { ...contact, updatedAt: new Date() } })
    .returning();
  return toContact(row!);
}
