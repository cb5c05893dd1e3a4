import { setupStateLabels, type SetupService, type SetupState } from '@app/shared/admin-setup';
import { ListLoadError } from '../../../components/list-load-error';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminSetup } from '../api/admin-setup';

// The label always carries the state; colour only repeats it.
const badgeStyles: Record<SetupState, string> = {
  configured: 'border-emerald-600 text-emerald-800 dark:text-emerald-300',
  'not-configured': 'border-zinc-400 text-zinc-700 dark:text-zinc-300',
  failing: 'border-red-600 text-red-800 dark:text-red-300',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ServiceCard({ service }: { service: SetupService }) {
  const titleId = `setup-${service.id}`;
  return (
    <li aria-labelledby={titleId} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {service.name}
        </h3>
        <span
          className={cn('rounded-full border px-2 py-0.5 text-xs font-medium', badgeStyles[service.state])}
        >
          {setupStateLabels[service.state]}
        </span>
      </div>
      <p className="mt-1 text-sm break-words">{service.summary}</p>
      {service.lastError && (
        <p className="mt-2 text-sm break-words text-red-800 dark:text-red-300">
          Last error (<time dateTime={service.lastError.at}>{when(service.lastError.at)}</time>):{' '}
          {service.lastError.message}
        </p>
      )}
      <details className="mt-2 text-sm" open={service.state !== 'configured'}>
        <summary className="cursor-pointer font-medium">How to set it up</summary>
        <ol className="mt-2 list-decimal space-y-1 pl-5 break-words">
          {service.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {service.docs && (
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            More in <code className="break-all">{service.docs}</code>
          </p>
        )}
      </details>
    </li>
  );
}

export function SetupPanel() {
  const setup = useAdminSetup();
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold">Setup</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Each outside service, whether it is set up or failing, and how to set it up. Secrets are never shown.
      </p>
      {setup.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label="Loading the setup" />
        </div>
      ) : setup.isError ? (
        <ListLoadError
          title="The setup could not be loaded"
          error={setup.error}
          onRetry={() => void setup.refetch()}
        />
      ) : (
        <ul className="mt-3 space-y-3">
          {setup.data.services.map((service) => (
            <ServiceCard key={service.id} service={service} />
          ))}
        </ul>
      )}
    </Card>
  );
}
