import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { noticeDate, noticeStatements } from '@app/shared/dmca-notice';
import { leakCaseTexts, type LeakCase, type LeakCaseNotice } from '@app/shared/leak-cases';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newAsset } from '../../../test/factories/media.js';
import type { TestClient } from '../../../test/test-client.js';
import { takedownContactMissingCode } from './leak-case-notice.service.js';
import { createCase, ownHashTrace, ownMarkTrace, saveContact } from './leak-cases.test-support.js';

const contact = {
  legalName: 'Sunny Example',
  postalAddress: 'PO Box 12\nSunnyvale, CA 94086\nUnited States',
  email: 'sunny@example.com',
  phone: '+1 555 123 4567',
};

describe.each(testDatabaseKinds())('takedown notices (%s)', (kind) => {
  const testApp = useTestApp(kind);

  const newCase = async (client: TestClient, payload: Record<string, unknown>) => {
    const response = await createCase(client, payload);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { case: LeakCase }).case;
  };
  const noticeOf = async (client: TestClient, id: string) => {
    const response = await client.inject({ method: 'GET', url: `/api/leak-cases/${id}/notice` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LeakCaseNotice;
  };
  const pdfOf = (client: TestClient, id: string) =>
    client.inject({ method: 'GET', url: `/api/leak-cases/${id}/notice.pdf` });

  it('carries every element 17 U.S.C. § 512(c)(3)(A) asks for, and the trace evidence in plain words', async () => {
    const { user, client } = await testApp.signedIn();
    await saveContact(client, contact);
    const photo = await newAsset(testApp.db(), { userId: user.id, filename: 'golden-hour.jpg' });
    const made = await newCase(client, {
      infringingUrls: ['https://leaks.example/sunny/1', 'https://leaks.example/sunny/2'],
      hostAbuseContact: 'abuse@leaks.example',
      workDescription: 'My golden hour photo on the beach.',
      mediaAssetId: photo.id,
      evidence: await ownMarkTrace(testApp.db(), user.id),
    });
    const notice = await noticeOf(client, made.id);
    const today = noticeDate(new Date());

    expect(notice.subject).toBe('DMCA takedown notice: copyright infringement on leaks.example');
    expect(notice.recipient).toBe('abuse@leaks.example');
    expect(notice.missingContact).toEqual([]);
    expect(notice.pdfReplacedCharacters).toEqual([]);
    expect(notice.pdfFileName).toMatch(/^takedown-notice-leaks\.example-\d{4}-\d{2}-\d{2}\.pdf$/);
    const required = [
      // (ii) the work, the gallery photo's name and date
      'My golden hour photo on the beach.',
      `The original is my photo "golden-hour.jpg", dated ${noticeDate(photo.createdAt)}.`,
      // (iii) the infringing material, where it is
      '- https://leaks.example/sunny/1',
      '- https://leaks.example/sunny/2',
      // (iv) contact details
      'Name: Sunny Example',
      'PO Box 12\nSunnyvale, CA 94086\nUnited States',
      'E-mail: sunny@example.com',
      'Phone: +1 555 123 4567',
      // (v) good faith, (vi) accuracy under penalty of perjury and authority to act
      noticeStatements.goodFaith,
      noticeStatements.accuracy,
      // (i) the signature, and the date
      'Signature: /Sunny Example/',
      `Date: ${today}`,
      'To: abuse@leaks.example',
      '17 U.S.C. § 512(c)(3)',
      // The evidence: which copy, where and when it was posted, method and confidence.
      'invisible identifying mark',
      '(3fa9c2d17b04)',
      'I posted to r/sunsets on 3 March 2026 from the Reddit account u/sunny_creator',
      'https://www.reddit.com/r/sunsets/comments/abc123/golden_hour/',
      'with a confidence of 99%',
    ];
    for (const element of required) expect(notice.text, element).toContain(element);
  });

  it('describes a hash match with its distances, and leaves the evidence out of a case made by hand', async () => {
    const { user, client } = await testApp.signedIn();
    await saveContact(client, contact);
    const traced = await noticeOf(
      client,
      (await newCase(client, { evidence: await ownHashTrace(testApp.db(), user.id) })).id,
    );
    expect(traced.text).toContain('perceptual fingerprint');
    expect(traced.text).toContain('PDQ: difference 18, where 31 or less means the same picture.');
    expect(traced.text).toContain('with a confidence of 87%');
    expect(traced.text).toContain('To: the designated copyright agent of leaks.example');

    const byHand = await noticeOf(client, (await newCase(client, {})).id);
    expect(byHand.text).not.toContain('How I know it is my work');
    expect(byHand.text).toContain('3. My contact information');
    expect(byHand.text).toContain('4. Statements');
  });

  it('says which contact details are missing, and holds the PDF back until they are given', async () => {
    const { client } = await testApp.signedIn();
    await saveContact(client, { email: 'sunny@example.com' });
    const made = await newCase(client, {});
    const notice = await noticeOf(client, made.id);
    expect(notice.missingContact).toEqual(['legalName', 'postalAddress']);
    expect(notice.text).toContain('[your full legal name - add it in Settings > Takedown contact details]');

    const refused = await pdfOf(client, made.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: leakCaseTexts.contactMissing(['full legal name', 'postal address']),
      code: takedownContactMissingCode,
    });
  });

  it('makes a PDF that starts with %PDF, downloads as an attachment and reads back', async () => {
    const { user, client } = await testApp.signedIn();
    await saveContact(client, contact);
    const made = await newCase(client, { evidence: await ownMarkTrace(testApp.db(), user.id) });
    const response = await pdfOf(client, made.id);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="takedown-notice-leaks\.example-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(parsed.getTitle()).toBe('DMCA takedown notice: copyright infringement on leaks.example');
  });

  it('makes the PDF of a name and address in any script, and says which characters it wrote differently', async () => {
    const { client } = await testApp.signedIn();
    await saveContact(client, {
      legalName: '李小龍 Zoë Łukasz 🌸',
      postalAddress: 'ул. Пушкина, д. 10\nМосква 101000',
      email: 'zoe@example.com',
    });
    const made = await newCase(client, { workDescription: 'Моё фото — “golden hour” ✨' });
    const notice = await noticeOf(client, made.id);
    // The copied text keeps every character; only the PDF writes them differently.
    expect(notice.text).toContain('Signature: /李小龍 Zoë Łukasz 🌸/');
    expect(notice.text).toContain('ул. Пушкина, д. 10');
    expect(notice.pdfReplacedCharacters).toEqual(expect.arrayContaining(['李', 'Ł', '🌸', 'П', '✨']));
    expect(notice.pdfReplacedCharacters).not.toContain('ë');
    expect(notice.pdfReplacedCharacters).not.toContain('“');

    const response = await pdfOf(client, made.id);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it('wraps long addresses onto more lines and pages instead of cutting them off', async () => {
    const { client } = await testApp.signedIn();
    await saveContact(client, contact);
    const infringingUrls = Array.from(
      { length: 20 },
      (_, index) => `https://leaks.example/${index}/${'x'.repeat(1900)}`,
    );
    const made = await newCase(client, { infringingUrls });
    const response = await pdfOf(client, made.id);
    expect(response.statusCode).toBe(200);
    // 20 addresses of about 25 lines each cannot fit on one page.
    expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBeGreaterThan(5);
  });
});
