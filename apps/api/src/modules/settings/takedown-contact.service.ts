import type { TakedownContact } from '@app/shared/takedown-contact';
import type { Database } from '../../db/client.js';
import { findTakedownContact, replaceTakedownContact } from './takedown-contact.repo.js';

/** Settings → Takedown contact details: hers only, all empty until she saves them. */
export async function takedownContactOf(db: Database, userId: string): Promise<{ contact: TakedownContact }> {
  return { contact: await findTakedownContact(db, userId) };
}

/** The whole set: a field left out or blank is cleared (the schema makes it null). */
export async function saveTakedownContact(
  db: Database,
  userId: string,
  contact: TakedownContact,
): Promise<{ contact: TakedownContact }> {
  return { contact: await replaceTakedownContact(db, userId, contact) };
}
