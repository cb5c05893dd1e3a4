import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { analyticsReportTexts } from '@app/shared/analytics-reports';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** Where the Pro-only charts would be: what they offer and the way to upgrade. */
export function LockedPanel() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center lg:col-span-2">
      <Lock aria-hidden="true" className="size-8 text-rose-600 dark:text-rose-400" />
      <h3 className="font-semibold text-zinc-900 dark:text-white">{analyticsReportTexts.lockedTitle}</h3>
      <p className="max-w-lg text-sm text-zinc-600 dark:text-zinc-400">{analyticsReportTexts.lockedBody}</p>
      <Button asChild>
        <Link to="/checkout?plan=pro">{analyticsReportTexts.upgradeLink}</Link>
      </Button>
    </Card>
  );
}
