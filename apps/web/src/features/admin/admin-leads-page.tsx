import { useState } from 'react';
import { Link } from 'react-router';
import type { LeadApplication } from '@app/shared/admin';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useReviewApplication } from './api/admin-leads';
import { useLeadApplications } from './api/get-lead-applications';
import { useLeadSignups } from './api/get-lead-signups';
import { ConfirmActionDialog } from './components/confirm-action-dialog';
import { AdminTableHead } from './components/admin-table';
import { LeadList } from './components/lead-list';
import { formatDateTime } from '../../lib/format/date-time';

type Review = { application: LeadApplication; verdict: 'approve' | 'reject' };

/** How a signup came: the sign-in method, and the referral code when one was sent. */
const sourceText = (source: string | null, referralCode: string | null) => {
  const sent = referralCode && !source?.includes('referral:') ? `referral:${referralCode}` : null;
  return [source ?? 'unknown', sent].filter(Boolean).join(' ');
};

export function AdminLeadsPage() {
  const applications = useLeadApplications();
  const signups = useLeadSignups();
  const review = useReviewApplication();
  const [asking, setAsking] = useState<Review | null>(null);

  return (
    <PageLayout
      title="Leads"
      description="Referral applications waiting for review, and the newest signups with where they came from."
      actions={
        <Button asChild variant="outline">
          <Link to="/admin">Back to Admin Portal</Link>
        </Button>
      }
    >
      <div className="space-y-6">
        <Card className="p-0">
          <h2 className="p-4 pb-0 text-base font-semibold">Referral applications for review</h2>
          <p className="px-4 text-sm text-zinc-600 dark:text-zinc-400">
            Approve links the applicant to the referrer; reject closes the application.
          </p>
          <LeadList
            query={applications}
            what="applications"
            empty="No applications are waiting for review."
            table={(rows) => (
              <table className="mt-2 w-full text-left text-sm">
                <AdminTableHead
                  columns={['Applicant', 'Code', 'Referrer', 'Applied']}
                  actionsLabel="Review"
                />
                <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                  {rows.map((application) => (
                    <tr key={application.id}>
                      <td className="px-4 py-2">
                        <div className="font-medium">{application.applicantUsername ?? 'No account yet'}</div>
                        <div className="text-xs text-zinc-500">{application.applicantEmail}</div>
                      </td>
                      <td className="px-4 py-2 font-mono">{application.referralCode}</td>
                      <td className="px-4 py-2">{application.referrerUsername ?? 'Unknown code'}</td>
                      <td className="px-4 py-2">{formatDateTime(application.createdAt)}</td>
                      <td className="px-4 py-2 text-right whitespace-nowrap">
                        <Button size="sm" onClick={() => setAsking({ application, verdict: 'approve' })}>
                          Approve
                        </Button>{' '}
                        <Button
                          size="sm"
                          variant="danger-outline"
                          onClick={() => setAsking({ application, verdict: 'reject' })}
                        >
                          Reject
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          />
        </Card>

        <Card className="p-0">
          <h2 className="p-4 pb-2 text-base font-semibold">Recent signups</h2>
          <LeadList
            query={signups}
            what="signups"
            empty="No signups yet."
            table={(rows) => (
              <table className="w-full text-left text-sm">
                <AdminTableHead columns={['User', 'Source', 'Joined']} />
                <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                  {rows.map((signup) => (
                    <tr key={signup.id}>
                      <td className="px-4 py-2">
                        <div className="font-medium">{signup.username}</div>
                        <div className="text-xs text-zinc-500">{signup.email}</div>
                      </td>
                      <td className="px-4 py-2">{sourceText(signup.signupSource, signup.referralCode)}</td>
                      <td className="px-4 py-2">{formatDateTime(signup.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          />
        </Card>
      </div>

      <ConfirmActionDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking?.verdict === 'approve' ? 'Approve this referral?' : 'Reject this referral?'}
        description={
          asking?.verdict === 'approve'
            ? `${asking.application.applicantEmail} is linked to ${asking.application.referrerUsername ?? 'the referrer'}.`
            : `The application from ${asking?.application.applicantEmail ?? ''} is closed without linking.`
        }
        confirmLabel={asking?.verdict === 'approve' ? 'Approve' : 'Reject'}
        danger={asking?.verdict === 'reject'}
        busy={review.isPending}
        onConfirm={() =>
          asking &&
          review.mutate(
            { id: asking.application.id, verdict: asking.verdict },
            { onSettled: () => setAsking(null) },
          )
        }
      />
    </PageLayout>
  );
}
