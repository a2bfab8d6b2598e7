import { LegalLayout, Para, Section } from './legal-layout';

/**
 * /terms — what the sign-up form links unless the operator set TERMS_URL: plain words on who runs
 * this server and what an account is for, without promises nobody made.
 */
export default function TermsPage() {
  return (
    <LegalLayout title="Terms of Service">
      <Para>
        This OCX server is run by its operator: whoever installed it, not the makers of OCX. These terms are
        the ones OCX comes with; an operator with terms of their own links them here instead.
      </Para>
      <Section title="Your account">
        <Para>
          You sign up with your email address and a password of your choosing. Keep the password to yourself;
          you are responsible for what is done with your account. You can delete the account at any time from
          your Profile, which deletes the organizations only you belong to, with their websites and data.
        </Para>
      </Section>
      <Section title="What you may measure">
        <Para>
          Put the tracking script only on websites you run or are allowed to measure, and tell their visitors
          about it as the law of your visitors' country asks (a privacy policy, and consent where it is
          needed). You are responsible for the data your websites send to this server.
        </Para>
      </Section>
      <Section title="The service">
        <Para>
          OCX is open software provided as it is, without a warranty. The operator may change the server, stop
          it, or close accounts that misuse it. If the operator charges for accounts, the plan you choose on
          the Billing screen says what you pay and what you get.
        </Para>
      </Section>
    </LegalLayout>
  );
}
