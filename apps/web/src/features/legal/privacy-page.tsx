import { Link } from 'react-router';
import { Bullets, LegalDocument, type LegalSection } from './legal-document';

const link = 'font-medium text-rose-600 underline dark:text-rose-400';

/** Written from what the code does: docs/analytics.md and decisions 006, 009–014. */
export const privacySections: readonly LegalSection[] = [
  {
    id: 'summary',
    title: 'Summary',
    body: (
      <>
        <p>
          Creator Studio helps adult creators write captions, protect and store their images, schedule posts
          and keep track of their earnings. We collect what we need to run those tools, keep your uploads
          private, never sell your data, and let you download or delete everything at any time from Settings.
        </p>
        <p>Creator Studio is only for adults: you must be 18 or older to use it.</p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Data we collect',
    body: (
      <Bullets
        items={[
          <>
            <strong>Account:</strong> username, e-mail address, optional display name and bio, your plan, and
            — if you sign in with a password — a slow one-way hash of it (argon2id). We never store the
            password itself.
          </>,
          <>
            <strong>Social sign-in:</strong> if you use it, the provider’s account id and the e-mail it
            reports.
          </>,
          <>
            <strong>Your content:</strong> the images and videos you upload, the captions and texts you
            generate or save, scheduled posts, tax-tracker entries and receipt photos, and your early-access
            choices on Phase 4.
          </>,
          <>
            <strong>Connected Reddit accounts:</strong> the account name and an access token Reddit gives us
            so we can post for you (see section 6).
          </>,
          <>
            <strong>Billing:</strong> your plan and subscription status. Card details go directly to Stripe
            and never reach our servers.
          </>,
          <>
            <strong>Sessions:</strong> for each signed-in browser we keep a session with the browser’s user
            agent and dates; they are part of your data export.
          </>,
          <>
            <strong>Usage analytics:</strong> page views and feature events, described in section 4.
          </>,
        ]}
      />
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use your data',
    body: (
      <Bullets
        items={[
          'To run the features you use: storing and protecting your media, generating captions, sending your scheduled posts, calculating tax estimates.',
          'To send account e-mails: address verification, password resets, e-mail change notices and messages about your subscription.',
          'To bill your subscription through Stripe and apply your plan’s limits.',
          'To keep the service secure: rate limits, preventing abuse and moderating accounts that break the Terms.',
          'To understand, in aggregate, which pages and features are used, so we can improve them.',
        ]}
      />
    ),
  },
  {
    id: 'analytics',
    title: 'Usage analytics',
    body: (
      <>
        <p>
          The app sends page views and feature events (for example “caption generated”) to our own server. We
          do not use third-party trackers or advertising networks.
        </p>
        <Bullets
          items={[
            'We never store your IP address or your browser’s user agent with these events.',
            'To count unique visitors per day we store a hash of your IP address and user agent mixed with a random salt that changes every day. Salts older than a day are deleted, so older hashes can no longer be linked to anyone, and the same visitor gets a different hash each day.',
            'Event times are limited to the last day, so a wrong device clock cannot place events elsewhere.',
            'When you are signed in, events are linked to your account. You can switch this off at any time with “Usage analytics” in Settings; from then on your events are neither sent nor stored.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'media',
    title: 'Your images and videos',
    body: (
      <Bullets
        items={[
          'Uploads are private. They are stored under keys only our server knows and are shown only through signed links that expire after about an hour.',
          'Images are re-encoded on upload: location (GPS), camera and other metadata are removed from every stored copy.',
          'ImageShield makes protected copies of your images and computes image fingerprints (perceptual hashes) to check that the copies differ from the original. The fingerprints stay on our servers.',
          'We do not look at, share or publish your media. It leaves our servers only when you download it or ask us to post it.',
        ]}
      />
    ),
  },
  {
    id: 'third-parties',
    title: 'Services we share data with',
    body: (
      <Bullets
        items={[
          <>
            <strong>Stripe</strong> processes payments. It receives your e-mail address and card details and
            keeps them under its own privacy policy.
          </>,
          <>
            <strong>Reddit</strong> receives the posts you schedule, when they are due, through the account
            you connected. The access token Reddit issues is stored encrypted and is used only to post for
            you.
          </>,
          <>
            <strong>AI text provider:</strong> depending on how this installation is configured, caption
            prompts are sent to an OpenAI-compatible AI service, or are handled by our built-in writer that
            runs entirely on our servers. Each result shows which one wrote it. We send only your prompt and
            the chosen options, never your images.
          </>,
          <>
            <strong>E-mail delivery:</strong> our mail server receives your address and the text of account
            e-mails.
          </>,
          <>
            <strong>File storage:</strong> uploads are kept on our servers or in an S3-compatible storage
            bucket that only our server can read.
          </>,
        ]}
      />
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and sessions',
    body: (
      <>
        <p>We use only the cookies the app needs to work:</p>
        <Bullets
          items={[
            'A session cookie that keeps you signed in for up to 30 days. Signing out, or changing or resetting your password, ends it.',
            'A security cookie that protects your account against cross-site request forgery (CSRF).',
          ]}
        />
        <p>
          Your theme and onboarding progress are remembered in your browser or account. We set no advertising
          or cross-site tracking cookies.
        </p>
      </>
    ),
  },
  {
    id: 'api-keys',
    title: 'API keys',
    body: (
      <p>
        Pro users can create personal API keys. Each key is shown once; we keep only a one-way hash of it,
        with its name, a short prefix and when it was last used. A revoked key stops working immediately.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Export and deletion',
    body: (
      <>
        <p>
          In{' '}
          <Link to="/settings" className={link}>
            Settings
          </Link>{' '}
          you can:
        </p>
        <Bullets
          items={[
            'Download all your data as one JSON file: profile, settings, sessions, connected accounts, generated and saved content, media details, scheduled posts, tax entries and more.',
            'Delete your account. We first cancel your Stripe subscription and delete your Stripe customer record, then delete every stored file, then every row of your data, and sign out every browser. This cannot be undone.',
          ]}
        />
        <p>
          You can also correct your profile and e-mail address in Settings at any time. Depending on where you
          live you may have further rights (for example under the GDPR or CCPA); contact us and we will help.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <p>
        We keep your data while your account exists. One-time links in e-mails expire after 1 to 24 hours.
        Analytics events are kept for aggregate reports and are deleted with your account. When you delete
        your account, your data is removed as described above; payment records that Stripe must keep by law
        stay with Stripe.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Passwords are hashed with argon2id; sessions, access tokens, one-time links and API keys are stored
        only as hashes; Reddit tokens are encrypted; media is reached only through signed, expiring links. No
        system is perfectly secure: if we learn of a breach that affects you, we will tell you without undue
        delay.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Adults only',
    body: (
      <p>
        Creator Studio is not for anyone under 18. If we learn that an account belongs to a minor, we delete
        it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        If we change this policy we update the date at the top, and for important changes we tell you by
        e-mail or in the app before they apply. Questions about your data? Contact our support team. See also
        our{' '}
        <Link to="/terms" className={link}>
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      description="What we collect, why, who else sees it, and how to download or delete it."
      sections={privacySections}
    />
  );
}
