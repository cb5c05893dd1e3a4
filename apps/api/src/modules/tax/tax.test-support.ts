import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { newAsset } from '../../../test/factories/media.js';
import type { TestClient } from '../../../test/test-client.js';

/** A gallery row without a stored file: the tax tracker only needs its id and name. */
export const insertPhoto = (db: Database, userId: string, filename = 'receipt.jpg') =>
  newAsset(db, { userId, filename, storageKey: `tax-test/${randomUUID()}.jpg` });

export async function created<T = Record<string, unknown>>(
  response: Promise<LightMyRequestResponse>,
): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<T>();
}

export const addIncome = (client: TestClient, payload: Record<string, unknown>) =>
  created<{ id: string; amountCents: number; platform: string }>(
    client.inject({ method: 'POST', url: '/api/tax/income', payload }),
  );

export const addExpense = (client: TestClient, payload: Record<string, unknown>) =>
  created<{ id: string; amountCents: number; receipt: { id: string; filename: string } | null }>(
    client.inject({ method: 'POST', url: '/api/tax/expenses', payload }),
  );

/** Splits our CSV (every field quoted, CRLF lines) back into cells, for assertions. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}
