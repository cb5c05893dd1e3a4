import type { RedditAccount } from '@app/shared/reddit';
import { cn } from '../../../components/ui/cn';
import { fieldClasses, labelClasses } from './field-styles';

interface PostAccountFieldProps {
  id: string;
  accounts: RedditAccount[];
  /** Empty: the first linked account. */
  accountId: string;
  disabled: boolean;
  onChange: (accountId: string) => void;
}

/** 'Post as': which linked Reddit account sends the post, shown when there is more than one. */
export function PostAccountField({ id, accounts, accountId, disabled, onChange }: PostAccountFieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelClasses}>
        Post as
      </label>
      <select
        id={id}
        value={accountId || accounts[0]!.id}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={cn(fieldClasses, 'h-10 px-3')}
      >
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            u/{account.username}
          </option>
        ))}
      </select>
    </div>
  );
}
