import { ArrowRight, Check, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { earlyAccessTexts, releasedFeatures, type EarlyAccessFeature } from '@app/shared/early-access';
import { ListLoadError } from '../../components/list-load-error';
import { PageLayout } from '../../components/page-layout';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useEarlyAccess, useSetEarlyAccess } from './api/early-access';
import { countOf } from '../../lib/format/plural';

function FeatureCard({ feature }: { feature: EarlyAccessFeature }) {
  const save = useSetEarlyAccess();
  const busy = save.isPending;
  return (
    <Card className="flex flex-col" aria-labelledby={`feature-${feature.key}`}>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle id={`feature-${feature.key}`} className="text-zinc-900 dark:text-white">
            {feature.title}
          </CardTitle>
          {feature.optedIn && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
              <Check aria-hidden="true" className="size-3.5" />
              On the list
            </span>
          )}
        </div>
        <CardDescription>{feature.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto pt-4">
        <Button
          variant={feature.optedIn ? 'outline' : 'primary'}
          aria-pressed={feature.optedIn}
          aria-label={
            feature.optedIn
              ? `Leave early access for ${feature.title}`
              : `Join early access for ${feature.title}`
          }
          disabled={busy}
          onClick={() => save.mutate({ feature: feature.key, optIn: !feature.optedIn })}
        >
          {busy && <Spinner />}
          {feature.optedIn ? 'Leave early access' : 'Join early access'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Tools that were on this list and are here now, each with a way in. */
function ReleasedFeatures() {
  return (
    <section aria-labelledby="released-features" className="mt-10">
      <h2 id="released-features" className="text-lg font-semibold text-zinc-900 dark:text-white">
        {earlyAccessTexts.releasedTitle}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {releasedFeatures.map((feature) => (
          <Card key={feature.to} className="flex flex-col">
            <CardHeader>
              <CardTitle className="text-base">{feature.title}</CardTitle>
              <CardDescription>{feature.description}</CardDescription>
            </CardHeader>
            <CardContent className="mt-auto">
              <Link to={feature.to} className={buttonClasses('outline', 'sm')}>
                {feature.action} <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

export function EarlyAccessPage() {
  const list = useEarlyAccess();
  const joined = list.data?.features.filter((f) => f.optedIn).length ?? 0;
  return (
    <PageLayout title={earlyAccessTexts.pageTitle} description={earlyAccessTexts.pageDescription}>
      {list.isPending ? (
        <div role="status" className="flex items-center gap-2 py-12 text-zinc-600 dark:text-zinc-400">
          <Spinner /> Loading upcoming features…
        </div>
      ) : list.isError ? (
        <ListLoadError
          title={earlyAccessTexts.loadFailed}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <div className="space-y-6">
          <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <FlaskConical aria-hidden="true" className="size-4 shrink-0 text-rose-500" />
            {joined === 0
              ? 'You have not joined any early-access list yet. Join the ones you want to try first; you can leave at any time.'
              : `You are on ${countOf(joined, { one: 'early-access list', other: 'early-access lists' })}. Your choices are saved to your account; you can leave at any time.`}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.features.map((feature) => (
              <FeatureCard key={feature.key} feature={feature} />
            ))}
          </div>
        </div>
      )}
      <ReleasedFeatures />
    </PageLayout>
  );
}
