import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    title: 'Who we are',
    body: (
      <p>
        Fated ("Fated", "we", "us") runs an AI-assisted dating and matchmaking service for adults. We are the
        controller of the personal information described in this policy. It applies to the Fated website, app
        and related services (the "Service") and should be read with our{' '}
        <Link to={paths.terms}>Terms of Use</Link>.
      </p>
    ),
  },
  {
    title: 'Information you give us',
    body: (
      <>
        <p>When you use Fated you choose to share:</p>
        <ul>
          <li>
            account details: your name, email address and password (we store only a one-way hash of the
            password);
          </li>
          <li>
            profile details: city and state, age, gender, the gender you would like to meet, your major or
            degree, your Instagram handle, and your one-sentence answer to what love is;
          </li>
          <li>your profile photo;</li>
          <li>your answers to the 19-question compatibility quiz;</li>
          <li>a referral code, if a friend invited you, and messages you send to our support team.</li>
        </ul>
        <p>
          Some of these details, such as the gender you would like to meet, may reveal information about your
          sexual orientation. You share them so we can match you, and you can change or remove them at any
          time.
        </p>
      </>
    ),
  },
  {
    title: 'Information collected automatically',
    body: (
      <>
        <p>
          When you use the Service our servers record technical data such as your IP address, browser type,
          the pages and features you use, and the time of each request. We use it to keep the Service running
          and secure, for example to limit repeated sign-in attempts.
        </p>
        <p>
          We use one strictly necessary cookie: a secure, http-only cookie that keeps you signed in when you
          choose "Remember me". Your browser's local storage also remembers that you confirmed you are 18 or
          older, whether you have signed in before, and your "Remember me" choice. We do not use advertising
          cookies or third-party trackers.
        </p>
      </>
    ),
  },
  {
    title: 'How we use your information',
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>create and secure your account, verify your email address and keep you signed in;</li>
          <li>build your personality profile from your quiz answers and suggest compatible members;</li>
          <li>show your profile to the members you are matched with;</li>
          <li>run the waitlist, including counting the friends you invite;</li>
          <li>
            send you service emails, such as verification links and news of a highly compatible new member;
          </li>
          <li>prevent fraud, abuse and security incidents, and enforce our Terms;</li>
          <li>
            understand how the Service is used so we can improve it, using aggregated or de-identified data.
          </li>
        </ul>
        <p>
          We rely on our contract with you to provide the Service, on your consent for optional details you
          share, and on our legitimate interest in keeping Fated safe and improving it. We never sell your
          personal information.
        </p>
      </>
    ),
  },
  {
    title: 'AI matching and automated decisions',
    body: (
      <>
        <p>
          Matching is automated. Our software turns your quiz answers into a personality vector, compares it
          with other members who fit your preferences, and picks your daily matches by compatibility
          percentage. It also writes a short compatibility summary from both members' answers and profile text
          using language models that run on our own servers. Your answers are not sent to outside AI
          providers.
        </p>
        <p>
          These suggestions decide who you are introduced to, but they have no legal or similarly significant
          effect on you. You can retake the quiz to change your answers, and you can contact us if you want a
          person to review how your matches were produced.
        </p>
      </>
    ),
  },
  {
    title: 'What other members see',
    body: (
      <p>
        When you are matched with someone, they see your name, photo, city and state, age, gender, education,
        Instagram handle, your answer about love, the compatibility percentage and the AI-written summary for
        the two of you. They never see your email address, password or individual quiz answers. Photos are
        re-encoded when you upload them and their hidden metadata, including location data, is removed.
      </p>
    ),
  },
  {
    title: 'How we share information',
    body: (
      <>
        <p>We share personal information only:</p>
        <ul>
          <li>with other members, as described above;</li>
          <li>
            with service providers who host our servers and send our email, under contracts that let them use
            the data only to provide those services to us;
          </li>
          <li>when the law requires it, or to protect the safety of our members or the public;</li>
          <li>
            with a successor organisation if Fated is involved in a merger or acquisition, which we will
            announce.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Storage, security and retention',
    body: (
      <>
        <p>
          We protect your information with encryption in transit, hashed passwords, short-lived access tokens
          and single-use, time-limited verification links. No system is perfectly secure, so please use a
          strong, unique password and tell us about any suspected misuse.
        </p>
        <p>
          We keep your information for as long as your account is open. When you delete your account we remove
          your profile, photo and quiz answers from the Service promptly and from backups within 90 days,
          unless we must keep specific records longer to meet legal obligations, resolve disputes or prevent
          repeat abuse.
        </p>
      </>
    ),
  },
  {
    title: 'Your rights and choices',
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>access the personal information we hold about you and receive a copy of it;</li>
          <li>correct it, most of which you can do yourself on your profile;</li>
          <li>delete your account and your information;</li>
          <li>object to or restrict certain uses, and withdraw consent you have given;</li>
          <li>complain to your local data protection authority.</li>
        </ul>
        <p>
          To use any of these rights, email <a href="mailto:privacy@fated.app">privacy@fated.app</a> from the
          address on your account. We answer within 30 days.
        </p>
      </>
    ),
  },
  {
    title: 'Adults only',
    body: (
      <p>
        Fated is only for people aged 18 and over. We do not knowingly collect information from anyone
        younger. If we learn that a member is under 18 we close the account and delete its information. If you
        believe a minor is using Fated, please tell us.
      </p>
    ),
  },
  {
    title: 'International transfers',
    body: (
      <p>
        We may process your information in countries other than the one you live in. Where we do, we use
        safeguards recognised by law, such as standard contractual clauses, so your information stays
        protected to the standard described in this policy.
      </p>
    ),
  },
  {
    title: 'Changes and contact',
    body: (
      <>
        <p>
          We will update this policy when our practices change. If a change is significant we will tell you by
          email or in the app before it takes effect. The date at the top shows when it last changed.
        </p>
        <p>
          Questions or requests: <a href="mailto:privacy@fated.app">privacy@fated.app</a>.
        </p>
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="November 2026"
      intro={
        <p>
          You trust Fated with some of the most personal things about you. This policy explains what we
          collect, why, who sees it, and the choices you have, in plain language.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
