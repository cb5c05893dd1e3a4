import { describe, expect, it } from 'vitest';
import { shortReason } from './service-health.repo.js';

describe('the reason kept for an outside service failure', () => {
  it('keeps the host but drops credentials, keys and e-mail addresses', () => {
    expect(shortReason('connect failed to smtp://mailer:hunter2@mail.example.com:587')).toBe(
      'connect failed to smtp://…@mail.example.com:587',
    );
    expect(shortReason('550 5.1.1 <ana.fan+promo@example.co.uk>: Recipient address rejected')).toBe(
      '550 5.1.1 <(an address)>: Recipient address rejected',
    );
    expect(shortReason('Invalid API Key provided: sk_live_abc123 (Bearer eyJhbGciOi)')).toBe(
      'Invalid API Key provided: sk_… (Bearer …',
    );
  });
});
