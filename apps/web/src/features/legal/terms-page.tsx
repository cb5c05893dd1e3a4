import { Link } from 'react-router';
import { moneyBackGuarantee, plans } from '@app/shared/plans';
import { Bullets, LegalDocument, type LegalSection } from './legal-document';
import { formatMoney } from '../../lib/format/money';

const link = 'font-medium text-rose-600 underline dark:text-rose-400';

export const termsSections: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement',
    body: (
      <p>
        These Terms of Service are an agreement between you and Creator Studio. By creating an account or
        using the app you accept them and our{' '}
        <Link to="/privacy" className={link}>
          Privacy Policy
        </Link>
        . If you do not agree, do not use the service.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility: adults only',
    body: (
      <p>
        Creator Studio is built for adult content creators. You must be at least 18 years old (or the age of
        majority where you live, if higher) to use it. By using it you confirm that you are. We close accounts
        that belong to minors.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <Bullets
        items={[
          'Give a real e-mail address and keep it up to date; we send verification, password-reset and billing messages there.',
          'Keep your password and API keys secret. You are responsible for what happens under your account; revoke a key or change your password if you think someone else has it.',
          'One person per account. Admin accounts are for operating the service only.',
        ]}
      />
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <>
        <p>
          You keep all rights to the images, videos and texts you upload or create. You give us only the
          permission we need to store, process (for example to re-encode, watermark or protect images), show
          them to you and post them where you tell us to. That permission ends when you delete the content or
          your account.
        </p>
        <p>You promise that everything you upload or post:</p>
        <Bullets
          items={[
            'is yours or you have the rights to it;',
            'shows only adults (18+) who consented to being recorded and to its publication, and you can prove it if asked;',
            'is legal where you live and respects the rules of each platform you post to.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You must not use Creator Studio to:</p>
        <Bullets
          items={[
            'upload or share any content involving minors, non-consensual content, or content that is otherwise illegal;',
            'harass people, spam communities, or break the rules of Reddit or any other platform you post to;',
            'get around plan limits, rate limits or security measures, or access another user’s data;',
            'resell the service or use the API beyond your plan’s limits.',
          ]}
        />
        <p>
          We may remove content and suspend or close accounts that break these rules, and report illegal
          content to the authorities.
        </p>
      </>
    ),
  },
  {
    id: 'features',
    title: 'Captions, ImageShield and scheduling',
    body: (
      <Bullets
        items={[
          'Generated captions, whether the built-in writer or an AI model wrote them, are suggestions. Read them before you post: you are responsible for what you publish.',
          'ImageShield makes copies of your images harder to match automatically by image fingerprints (hashes). It reduces the risk of reposts being found and flagged; search that compares local details or uses AI may still match a copy, and it cannot guarantee that nobody copies or recognises your content. The invisible mark in your copies, not ImageShield, is what shows where a leaked copy came from.',
          'Scheduled posts are sent through the Reddit account you connected. Reddit may refuse or remove a post; we show you the result, but we do not control Reddit.',
          'Tax and earnings estimates are for planning only and are not tax advice.',
          'Features on the Phase 4 page are previews: joining an early-access list does not promise that a feature will launch or when.',
        ]}
      />
    ),
  },
  {
    id: 'plans',
    title: 'Plans, payment and refunds',
    body: (
      <>
        <p>
          Creator Studio has a Free plan and paid monthly plans: {plans.starter.name} (
          {formatMoney(plans.starter.priceCents)}
          /month) and {plans.pro.name} ({formatMoney(plans.pro.priceCents)}/month), prices in US dollars.
          Payments are processed by Stripe. A subscription renews every month until you cancel it; you can
          cancel from Settings at any time, and it then runs until the end of the paid month.
        </p>
        <p>
          Every paid plan comes with a {moneyBackGuarantee}: if you are not happy, ask for a refund within 30
          days of your first payment and you get it in full.
        </p>
        <p>
          If we change a price, we tell you before it applies to your subscription. The limits of each plan
          are listed in Settings and on the{' '}
          <Link to="/pro-perks" className={link}>
            Pro perks
          </Link>{' '}
          page.
        </p>
      </>
    ),
  },
  {
    id: 'api',
    title: 'API',
    body: (
      <p>
        Pro users may use the public API with personal keys, within the monthly call allowance shown in
        Settings. We may change or limit the API to protect the service, and we revoke keys that are misused.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Ending your account',
    body: (
      <p>
        You can delete your account in Settings at any time: your subscription is cancelled and your data and
        files are deleted, as described in the Privacy Policy. We may suspend or close an account that breaks
        these Terms; where the law allows it and it does not put others at risk, we tell you why first.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and liability',
    body: (
      <p>
        We work hard to keep Creator Studio running and your data safe, but the service is provided “as is”.
        To the extent the law allows, we are not liable for indirect losses, lost earnings, or actions of
        third-party platforms, and our total liability is limited to what you paid us in the 12 months before
        the claim. Nothing in these Terms limits rights you have by law as a consumer.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these Terms',
    body: (
      <p>
        We may update these Terms. The date at the top shows the latest version; for important changes we tell
        you by e-mail or in the app before they apply. If you keep using the service after that, the new Terms
        apply.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      description="The rules for using Creator Studio, in plain language."
      sections={termsSections}
    />
  );
}
