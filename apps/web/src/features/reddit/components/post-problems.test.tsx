import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PostProblem } from '@app/shared/posts';
import { formatDateTime } from '../../../lib/format/date-time';
import { PostProblems } from './post-problems';

const at = '2026-11-26T05:42:12.838Z';
const cooldown: PostProblem = {
  code: 'cooldown',
  message: 'r/example wants 12 hours between posts, and you already have a post there within that time.',
  fix: 'Pick a time at least 12 hours before or after it.',
  suggestedTitle: null,
  severity: 'block',
  at,
};

describe('PostProblems', () => {
  it('shows the other post’s time in the reader’s zone and locale, not as raw ISO', () => {
    render(<PostProblems tone="block" title="Would be removed" problems={[cooldown]} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`Your other post there goes out ${formatDateTime(at)}`);
    expect(alert).not.toHaveTextContent('2026-11-26T05:42');
    expect(alert.querySelector('time')).toHaveAttribute('dateTime', at);
  });
});
