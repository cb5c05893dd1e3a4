import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import type { AccessGate } from './access-gate';
import { Button } from './ui/button';

export interface ResendState {
  pending: boolean;
  sent: boolean;
  onResend: (email: string) => void;
}

interface AccessAlertProps {
  gate: AccessGate;
  onRetry: () => void;
  /** The page's resend-verification mutation (lib/resend-verification.ts). */
  resend: ResendState;
}

/** docs/product.md#access-and-roles: the red alert when access is blocked, with the next step the user can take. */
export function AccessAlert({ gate, onRetry, resend }: AccessAlertProps) {
  const { resendTo } = gate;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:p-5 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-100"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" />
      <div className="min-w-0 flex-1 space-y-2">
        <h2 className="font-semibold">{gate.title}</h2>
        <p className="text-sm opacity-90">{gate.description}</p>
        <div className="flex flex-wrap gap-2 pt-1">
          {resendTo && (
            <Button
              size="sm"
              variant="outline"
              disabled={resend.pending}
              onClick={() => resend.onResend(resendTo)}
            >
              {resend.pending ? 'Sending...' : resend.sent ? 'Send again' : 'Resend verification email'}
            </Button>
          )}
          {(gate.kind === 'other' || (gate.kind === 'unverified' && !resendTo)) && (
            <Button asChild size="sm" variant="outline">
              <Link to="/settings">Open Settings</Link>
            </Button>
          )}
          {gate.kind === 'blocked' && (
            <Button size="sm" variant="outline" onClick={onRetry}>
              Try again
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
