import { LegalLayout, Para, Section } from './legal-layout';

/**
 * /privacy — what the sign-up form links unless the operator set PRIVACY_URL: what this server
 * stores about an account and about the visitors of its websites (docs/privacy.md has the details).
 */
export default function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy">
      <Para>
        This OCX server is run by its operator, who decides what happens to the data on it. This page says
        what OCX itself stores; an operator with a policy of their own links it here instead.
      </Para>
      <Section title="About you">
        <Para>
          Your email address and name, a hash of your password (never the password itself), and for each
          signed-in session the time, the IP address and the browser it came from. Your organization, your
          websites and their settings, campaigns, goals and API keys. Mail to you (verification, password
          reset) goes through the operator's mail server, or, when it has none, is kept on this server for you
          to open from the app.
        </Para>
      </Section>
      <Section title="About your websites' visitors">
        <Para>
          The events your websites send: pages viewed, clicks, custom events, the referrer, campaign tags,
          device, browser, country and the IP address, shortened when IP anonymization is on (it is for new
          websites). Until a visitor agrees, nothing is stored on their device. Each website's data is kept
          for its retention period (25 months unless you change it) and can be exported or erased per visitor
          from Website Config.
        </Para>
      </Section>
      <Section title="Who sees it">
        <Para>
          You and the members you invite to your organization. OCX sends it nowhere else except where you ask
          it to: conversions to the postback URL you set for a website, and, when the operator charges for
          accounts, your billing details to Stripe. It shows no ads. Deleting your account deletes the
          organizations only you belong to, with their websites and data.
        </Para>
      </Section>
    </LegalLayout>
  );
}
