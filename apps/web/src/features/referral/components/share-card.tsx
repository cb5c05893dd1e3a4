import { referralShareLink, referralTexts } from '@app/shared/referral';
import { CopyButton } from '../../../components/copy-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

function CopyRow({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{label}</span>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <output
          aria-label={label}
          className="min-w-0 flex-1 truncate rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-800 dark:text-white"
        >
          {value}
        </output>
        <CopyButton text={value} label={copyLabel} accessibleLabel={copyLabel} />
      </div>
    </div>
  );
}

/** The code and the link built on this site's own address, each with a copy button. */
export function ShareCard({ code }: { code: string }) {
  const link = referralShareLink(window.location.origin, code);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{referralTexts.shareTitle}</CardTitle>
        <CardDescription>{referralTexts.shareDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <CopyRow label={referralTexts.codeLabel} value={code} copyLabel={referralTexts.copyCode} />
        <CopyRow label={referralTexts.linkLabel} value={link} copyLabel={referralTexts.copyLink} />
      </CardContent>
    </Card>
  );
}
