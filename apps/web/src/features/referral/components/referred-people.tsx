import { plans } from '@app/shared/plans';
import {
  referralStatusLabels,
  referralTexts,
  type ReferralStatus,
  type ReferredPerson,
} from '@app/shared/referral';
import { UserPlus } from 'lucide-react';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { formatDate } from '../../../lib/format/date-time';
import { formatMoney } from '../../../lib/format/money';

const statusStyles: Record<ReferralStatus, string> = {
  linked: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  pending_review: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  rejected: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
};

/**
 * On phones each row becomes a small grid; the column name comes from data-label through CSS, so
 * it is not part of the cell's text and the table stays the same for screen readers.
 */
const stackedCell =
  'whitespace-nowrap sm:px-6 sm:py-3 max-sm:before:mb-0.5 max-sm:before:block max-sm:before:text-xs max-sm:before:text-zinc-500 max-sm:before:content-[attr(data-label)]';

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <UserPlus aria-hidden="true" className="size-10 text-zinc-400" />
      <h3 className="font-semibold text-zinc-900 dark:text-white">{referralTexts.emptyTitle}</h3>
      <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{referralTexts.emptyHelp}</p>
    </div>
  );
}

export function ReferredPeople({
  people,
  creditPerReferralCents,
}: {
  people: ReferredPerson[];
  creditPerReferralCents: number;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="referred-people-title">{referralTexts.peopleTitle}</CardTitle>
      </CardHeader>
      <div className="pt-4 pb-2">
        {people.length === 0 ? (
          <EmptyState />
        ) : (
          <div className="overflow-x-auto">
            <table aria-labelledby="referred-people-title" className="w-full text-left text-sm">
              <thead className="max-sm:sr-only border-b border-zinc-200 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
                <tr>
                  {referralTexts.columns.map((column) => (
                    <th key={column} scope="col" className="px-6 py-2 font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {people.map((person) => (
                  <tr
                    key={person.id}
                    className="grid grid-cols-2 gap-x-4 gap-y-2 px-6 py-3 sm:table-row sm:p-0"
                  >
                    <td className="col-span-2 font-medium text-zinc-900 sm:px-6 sm:py-3 dark:text-white">
                      {person.name}
                    </td>
                    <td data-label={referralTexts.columns[1]} className={stackedCell}>
                      <time dateTime={person.joinedAt}>{formatDate(person.joinedAt)}</time>
                    </td>
                    <td data-label={referralTexts.columns[2]} className={stackedCell}>
                      <span
                        className={cn(
                          'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
                          statusStyles[person.status],
                        )}
                      >
                        {referralStatusLabels[person.status]}
                      </span>
                    </td>
                    <td data-label={referralTexts.columns[3]} className={stackedCell}>
                      {person.currentPlan ? plans[person.currentPlan].name : referralTexts.notPaying}
                    </td>
                    <td data-label={referralTexts.columns[4]} className={stackedCell}>
                      {person.earnsCredit ? formatMoney(creditPerReferralCents) : referralTexts.noCredit}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Card>
  );
}
