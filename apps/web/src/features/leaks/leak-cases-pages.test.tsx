import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  leakCasePageTexts as texts,
  leakCaseTexts,
  type LeakCase,
  type LeakCaseNotice,
} from '@app/shared/leak-cases';
import type { TraceResult } from '@app/shared/leak-trace';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../testing/auth-api-stub';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const caseId = '11111111-1111-4111-8111-111111111111';
const photoId = '22222222-2222-4222-8222-222222222222';

const trace: TraceResult = {
  method: 'mark',
  confidence: 0.994,
  summary: 'This is the copy you posted to r/sunsets on 3 March 2026.',
  copy: {
    copyId: '33333333-3333-4333-8333-333333333333',
    markHex: '3fa9c2d17b04',
    kind: 'post',
    mediaAssetId: photoId,
    fileName: 'golden-hour.jpg',
    postId: null,
    subreddit: 'sunsets',
    campaignId: null,
    redditAccount: 'sunny_creator',
    postUrl: 'https://www.reddit.com/r/sunsets/comments/abc123/golden_hour/',
    madeAt: '2026-03-03T09:00:00.000Z',
    sentAt: '2026-03-03T10:15:00.000Z',
  },
  hashDistances: [],
  tracedAt: '2026-11-20T08:30:00.000Z',
};

function leakCase(overrides: Partial<LeakCase> = {}): LeakCase {
  return {
    id: caseId,
    title: 'Leak on leaks.example',
    status: 'found',
    infringingUrls: ['https://leaks.example/sunny/1'],
    hostName: 'leaks.example',
    hostAbuseContact: 'abuse@leaks.example',
    workDescription: 'My photo "golden-hour.jpg", which I posted to r/sunsets on 3 March 2026.',
    mediaAssetId: photoId,
    photo: { id: photoId, fileName: 'golden-hour.jpg', createdAt: '2026-03-01T10:00:00.000Z' },
    evidence: trace,
    notes: null,
    foundAt: '2026-11-20T09:00:00.000Z',
    noticeSentAt: null,
    removedAt: null,
    rejectedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

function notice(overrides: Partial<LeakCaseNotice> = {}): LeakCaseNotice {
  return {
    subject: 'DMCA takedown notice: copyright infringement on leaks.example',
    text: 'DMCA Takedown Notice\n\nSignature: /Sunny Example/',
    recipient: 'abuse@leaks.example',
    missingContact: [],
    pdfReplacedCharacters: [],
    pdfFileName: 'takedown-notice-leaks.example-2026-11-27.pdf',
    ...overrides,
  };
}

async function open(path: string) {
  const view = renderApp(path, { user: freeUser });
  return view;
}

// The first render imports the lazy page, which can take seconds on a busy machine.
describe('Leak cases pages', { timeout: 30_000 }, () => {
  it('lists cases with their status and dates, and filters by status in the address', async () => {
    const fetchMock = stubApi({
      'GET /api/leak-cases': (call) =>
        jsonResponse({
          cases: call.path.includes('status=removed')
            ? [leakCase({ status: 'removed', removedAt: '2026-11-25T09:00:00.000Z' })]
            : [leakCase({ status: 'notice_sent', noticeSentAt: '2026-11-21T09:00:00.000Z' })],
        }),
    });
    const { router } = await open('/leaks/cases');
    expect(
      await screen.findByRole('heading', { level: 1, name: texts.listTitle }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: texts.listLabel });
    const row = within(list).getByRole('link', { name: /Leak on leaks.example/ });
    expect(row).toHaveAttribute('href', `/leaks/cases/${caseId}`);
    expect(row).toHaveTextContent('Notice sent');
    expect(row).toHaveTextContent('Found');
    expect(row.querySelector('time[datetime="2026-11-20T09:00:00.000Z"]')).not.toBeNull();
    expect(row.querySelector('time[datetime="2026-11-21T09:00:00.000Z"]')).not.toBeNull();

    await userEvent.selectOptions(screen.getByLabelText(texts.filterLabel), 'removed');
    await waitFor(() => expect(currentUrl(router)).toBe('/leaks/cases?status=removed'));
    // The filtered list is a new list: the old one went while the filtered cases loaded.
    await waitFor(() =>
      expect(screen.getByRole('list', { name: texts.listLabel })).toHaveTextContent('Removed'),
    );
    expect(callsOf(fetchMock).map((call) => call.path)).toContain('/api/leak-cases?status=removed');
  });

  it('says how to start when there are no cases: trace a leak or add one by hand', async () => {
    stubApi({ 'GET /api/leak-cases': () => jsonResponse({ cases: [] }) });
    await open('/leaks/cases');
    expect(
      await screen.findByRole('heading', { name: texts.emptyTitle }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(texts.emptyText)).toBeInTheDocument();
    const traceLinks = screen.getAllByRole('link', { name: texts.traceLink });
    expect(traceLinks.every((link) => link.getAttribute('href') === '/leaks/trace')).toBe(true);
    const handLinks = screen.getAllByRole('link', { name: texts.addByHand });
    expect(handLinks.every((link) => link.getAttribute('href') === '/leaks/cases/new')).toBe(true);
  });

  it('starts a case from a trace answer: shows the evidence, fills in the work, and keeps the answer as evidence', async () => {
    const fetchMock = stubApi({
      'GET /api/leak-cases': () => jsonResponse({ cases: [] }),
      'POST /api/leak-cases': () => jsonResponse({ case: leakCase() }, 201),
      [`GET /api/leak-cases/${caseId}`]: () => jsonResponse({ case: leakCase() }),
      [`GET /api/leak-cases/${caseId}/notice`]: () => jsonResponse(notice()),
    });
    const { router } = await open('/leaks/cases');
    await screen.findByRole('heading', { level: 1, name: texts.listTitle }, { timeout: 10_000 });
    await act(() => router.navigate('/leaks/cases/new', { state: { trace } }));
    expect(
      await screen.findByRole('heading', { level: 1, name: texts.newTitle }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(trace.summary)).toBeInTheDocument();
    expect(screen.getByText('Invisible mark · Confidence: 99%')).toBeInTheDocument();
    expect(screen.getByLabelText(texts.workLabel)).toHaveValue(
      'My photo "golden-hour.jpg", which I posted to r/sunsets on 3 March 2026.',
    );

    await userEvent.type(screen.getByLabelText(texts.urlsLabel), 'https://leaks.example/sunny/1');
    await userEvent.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/leaks/cases/${caseId}`));
    await findToast(texts.saved);
    expect(sentBodies(fetchMock, 'POST', '/api/leak-cases')).toEqual([
      expect.objectContaining({
        infringingUrls: ['https://leaks.example/sunny/1'],
        evidence: trace,
        mediaAssetId: photoId,
      }),
    ]);
  });

  it('checks a case made by hand in the browser: a bad address is shown at its field and nothing is sent', async () => {
    const fetchMock = stubApi({});
    await open('/leaks/cases/new');
    expect(
      await screen.findByRole('heading', { level: 1, name: texts.newTitle }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(texts.fromTrace)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(texts.urlsLabel), 'leaks.example/sunny');
    await userEvent.type(screen.getByLabelText(texts.workLabel), 'My beach photo.');
    await userEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(
      await screen.findByText(leakCaseTexts.urlInvalid, { selector: '[role="alert"]' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(texts.urlsLabel)).toHaveFocus();
    expect(sentBodies(fetchMock, 'POST', '/api/leak-cases')).toEqual([]);
  });

  it('shows a case with its notice, copies and downloads it, and marks the notice sent', async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:notice';
    URL.revokeObjectURL = () => undefined;
    try {
      const fetchMock = stubApi({
        [`GET /api/leak-cases/${caseId}`]: () => jsonResponse({ case: leakCase() }),
        [`GET /api/leak-cases/${caseId}/notice`]: () => jsonResponse(notice()),
        [`GET /api/leak-cases/${caseId}/notice.pdf`]: () =>
          new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
        [`PATCH /api/leak-cases/${caseId}`]: () =>
          jsonResponse({
            case: leakCase({ status: 'notice_sent', noticeSentAt: '2026-11-27T09:00:00.000Z' }),
          }),
        'GET /api/leak-cases': () => jsonResponse({ cases: [] }),
      });
      await open(`/leaks/cases/${caseId}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Leak on leaks.example' }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'https://leaks.example/sunny/1' })).toHaveAttribute(
        'rel',
        'noreferrer noopener',
      );
      expect(screen.getByRole('note')).toHaveTextContent(leakCaseTexts.disclaimer);
      const text = await screen.findByLabelText(texts.noticeTextLabel);
      expect(text).toHaveTextContent('Signature: /Sunny Example/');
      expect(screen.getByRole('link', { name: 'abuse@leaks.example' })).toHaveAttribute(
        'href',
        'mailto:abuse@leaks.example',
      );
      expect(screen.getByRole('button', { name: texts.copyNotice })).toBeEnabled();

      await userEvent.click(screen.getByRole('button', { name: texts.downloadPdf }));
      await findToast(texts.downloaded);
      expect(callsOf(fetchMock).some((call) => call.path === `/api/leak-cases/${caseId}/notice.pdf`)).toBe(
        true,
      );

      const statusGroup = screen.getByRole('group', { name: texts.statusGroup });
      await userEvent.click(within(statusGroup).getByRole('button', { name: texts.markNoticeSent }));
      await findToast(texts.statusSaved);
      expect(sentBodies(fetchMock, 'PATCH', `/api/leak-cases/${caseId}`)).toEqual([
        { status: 'notice_sent' },
      ]);
      expect(await within(statusGroup).findByRole('button', { name: texts.markNoticeSent })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(within(statusGroup).getByRole('button', { name: texts.reopen })).toBeInTheDocument();
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('says which contact details the notice still needs, links to Settings, and holds copy and download back', async () => {
    stubApi({
      [`GET /api/leak-cases/${caseId}`]: () =>
        jsonResponse({ case: leakCase({ evidence: null, photo: null }) }),
      [`GET /api/leak-cases/${caseId}/notice`]: () =>
        jsonResponse(notice({ missingContact: ['legalName', 'postalAddress'], recipient: null })),
    });
    await open(`/leaks/cases/${caseId}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(texts.contactMissingTitle);
    expect(alert).toHaveTextContent(texts.contactMissingText(['full legal name', 'postal address']));
    expect(within(alert).getByRole('link', { name: texts.contactMissingLink })).toHaveAttribute(
      'href',
      '/settings#takedown-contact',
    );
    expect(screen.getByRole('button', { name: texts.downloadPdf })).toBeDisabled();
    expect(screen.getByRole('button', { name: texts.copyNotice })).toBeDisabled();
    expect(screen.getByText(texts.sendToUnknown('leaks.example'))).toBeInTheDocument();
  });

  it('changes a case in place: the abuse contact found later, and a note', async () => {
    let current = leakCase({ hostAbuseContact: null });
    const fetchMock = stubApi({
      [`GET /api/leak-cases/${caseId}`]: () => jsonResponse({ case: current }),
      [`GET /api/leak-cases/${caseId}/notice`]: () => jsonResponse(notice()),
      [`PATCH /api/leak-cases/${caseId}`]: () => {
        current = leakCase({ hostAbuseContact: 'dmca@leaks.example', notes: 'Asked on Monday.' });
        return jsonResponse({ case: current });
      },
    });
    await open(`/leaks/cases/${caseId}`);
    await screen.findByText(texts.abuseMissing, {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: texts.editCase }));
    const form = screen.getByRole('form', { name: texts.editTitle });
    expect(within(form).getByLabelText(texts.urlsLabel)).toHaveValue('https://leaks.example/sunny/1');
    await userEvent.type(within(form).getByLabelText(texts.abuseLabel), 'dmca@leaks.example');
    await userEvent.type(within(form).getByLabelText(texts.notesLabel), 'Asked on Monday.');
    await userEvent.click(within(form).getByRole('button', { name: texts.saveChanges }));
    await findToast(texts.saved);
    expect(sentBodies(fetchMock, 'PATCH', `/api/leak-cases/${caseId}`)).toEqual([
      expect.objectContaining({
        infringingUrls: ['https://leaks.example/sunny/1'],
        hostAbuseContact: 'dmca@leaks.example',
        notes: 'Asked on Monday.',
      }),
    ]);
    const [body] = sentBodies(fetchMock, 'PATCH', `/api/leak-cases/${caseId}`) as Array<
      Record<string, unknown>
    >;
    expect(body).not.toHaveProperty('evidence');
    expect(await screen.findByText('Asked on Monday.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: texts.editTitle })).not.toBeInTheDocument();
  });

  it('shows the not-found message for a case that is gone', async () => {
    stubApi({
      [`GET /api/leak-cases/${caseId}`]: () =>
        jsonResponse({ message: leakCaseTexts.notFound, code: 'NOT_FOUND' }, 404),
    });
    await open(`/leaks/cases/${caseId}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(texts.caseLoadFailed);
  });
});
