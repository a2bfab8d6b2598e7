import { Button, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Website } from '@ocx/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { useSelectedWebsite } from '../../components/websites/selected-website';
import { FirstEventStep } from './first-event-step';
import { SnippetStep } from './snippet-step';
import { WebsiteStep } from './website-step';

/**
 * First run (Plausible's verification is the reference): the website and its root domain → the
 * snippet to paste → waiting for the first event, which turns green live when it arrives.
 */
export default function OnboardingPage() {
  const { website, isLoading } = useSelectedWebsite();
  if (isLoading) return <SectionLoader label="Loading..." />;
  return <Onboarding website={website} />;
}

function Onboarding({ website }: { website: Website | null }) {
  const [active, setActive] = useState(website?.rootDomain ? 1 : 0);
  // On a phone the three steps stack; side by side they would not fit.
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <>
      <PageHeader
        title={screenTitle('/welcome')}
        subtitle="Three steps: your website, the snippet on its pages, and the first event arriving."
        actions={
          <Button component={Link} to="/dashboard" variant="default">
            Skip for now
          </Button>
        }
      />
      <Stepper
        active={active}
        onStepClick={setActive}
        allowNextStepsSelect={false}
        maw={760}
        orientation={narrow ? 'vertical' : 'horizontal'}
      >
        <Stepper.Step label="Your website" description="Name and domain">
          <WebsiteStep website={website} onDone={() => setActive(1)} />
        </Stepper.Step>
        <Stepper.Step label="Install the snippet" description="One tag in <head>">
          {website ? <SnippetStep website={website} onDone={() => setActive(2)} /> : null}
        </Stepper.Step>
        <Stepper.Step label="First event" description="Check it arrives">
          {website ? <FirstEventStep website={website} /> : null}
        </Stepper.Step>
      </Stepper>
    </>
  );
}
