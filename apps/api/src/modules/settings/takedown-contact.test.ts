import { describe, expect, it } from 'vitest';
import { emptyTakedownContact, takedownContactTexts } from '@app/shared/takedown-contact';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { TestClient } from '../../../test/test-client.js';

describe.each(testDatabaseKinds())('takedown contact details (%s)', (kind) => {
  const testApp = useTestApp(kind);
  const put = (client: TestClient, payload: Record<string, unknown>) =>
    client.inject({ method: 'PUT', url: '/api/user/takedown-contact', payload });
  const get = async (client: TestClient) => {
    const response = await client.inject({ method: 'GET', url: '/api/user/takedown-contact' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json().contact as Record<string, string | null>;
  };

  it('answers all empty before anything was saved, then what was saved, tidied', async () => {
    const { client } = await testApp.signedIn();
    expect(await get(client)).toEqual(emptyTakedownContact);
    const saved = await put(client, {
      legalName: '  Sunny   Example ',
      postalAddress: ' PO Box 12 \r\n\r\n  Sunnyvale  \n',
      email: ' sunny@example.com ',
      phone: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      legalName: 'Sunny Example',
      postalAddress: 'PO Box 12\nSunnyvale',
      email: 'sunny@example.com',
      phone: null,
    };
    expect(saved.json().contact).toEqual(expected);
    expect(await get(client)).toEqual(expected);
    // The whole set is replaced: what is left out is cleared.
    await put(client, { legalName: 'Sunny Example' });
    expect(await get(client)).toEqual({ ...emptyTakedownContact, legalName: 'Sunny Example' });
  });

  it.each([
    [{ email: 'not an address' }, takedownContactTexts.messages.emailInvalid],
    [{ phone: 'call me maybe' }, takedownContactTexts.messages.phoneInvalid],
    [{ legalName: 'x'.repeat(121) }, takedownContactTexts.messages.legalNameTooLong],
    [{ postalAddress: 'x'.repeat(401) }, takedownContactTexts.messages.postalAddressTooLong],
    [{ legalName: 42 }, takedownContactTexts.messages.text],
    [{ nickname: 'Sunny' }, 'nickname: this field is not allowed'],
  ])('refuses %j with a clear 400 and changes nothing', async (payload, message) => {
    const { client } = await testApp.signedIn();
    await put(client, { legalName: 'Kept Name' });
    const response = await put(client, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await get(client)).legalName).toBe('Kept Name');
  });

  it("never shows one user's details to another, and refuses signed-out callers", async () => {
    const first = await testApp.signedIn();
    const second = await testApp.signedIn();
    await put(first.client, { legalName: 'First Person', email: 'first@example.com' });
    expect(await get(second.client)).toEqual(emptyTakedownContact);
    const anonymous = new TestClient(testApp.app());
    expect((await anonymous.inject({ method: 'GET', url: '/api/user/takedown-contact' })).statusCode).toBe(
      401,
    );
    expect((await put(anonymous, { legalName: 'Nobody' })).statusCode).toBe(401);
  });
});
