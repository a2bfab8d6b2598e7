/** Product texts from the spec (§5, §8), shared by the server's errors and the web app's forms. */
export const messages = {
  auth: {
    // The spec's wording names a phone number too; OCX has no phone sign-in, so it names what it asks for.
    missingCredentials: 'You must provide an email and a password',
    failed: 'Authentication failed. Please try again.',
    unexpected: 'An unexpected error occurred. Please try again.',
    signupFailed: 'Failed to create account. Please try again.',
    termsRequired: 'You must accept the terms of service to create an account',
    sessionExpired: 'Your session has expired. Please log in again.',
    notSignedIn: 'You must be logged in to save website configuration',
    missingEmail: 'You must provide an email.',
    tokenVerification: 'An error occurred on token verification.',
    secondFactorRequired: 'Enter the code from your authenticator app to continue.',
    tokenInvalid: 'This API token is invalid, expired or revoked.',
    tokenReadOnly: 'API tokens are read-only: they cannot create, change or delete anything.',
    tokenNotForAccount: 'API tokens cannot read or manage the account; sign in to the OCX app.',
    invalidCode: 'Invalid code. Please try again.',
    resetSent: 'If this email exists in our system, check your email for the reset link',
    passwordReset: 'Your password has been reset. Sign in with the new one.',
    passwordsDiffer: 'The two passwords do not match',
    verifyEmail: 'Please verify your email address.',
    verificationSent: 'A new verification link is on its way.',
    /** Without SMTP settings the verification mail waits in the dev outbox (the banner links it). */
    noMailSent: 'No mail was sent: this server has no SMTP settings.',
    verificationInOutbox: 'A new verification link is in the outbox.',
    waitBeforeResend: 'Please wait a minute before asking for another mail.',
    /** A provider's sign-in found an OCX account with that address that it may not link (spec §8 callback errors). */
    accountNotLinked:
      'An account with this email already exists. Sign in with your password, then connect this provider from your profile.',
    unlinkConfirm: (provider: string) =>
      `Disconnect ${provider}? You will no longer be able to sign in with it.`,
    // Not in the spec: the sign-up fields say what is wrong with them in plain words.
    emailRequired: 'Please enter your email address',
    invalidEmail: 'Please enter a valid email address, like you@company.com',
    passwordRequired: 'Please enter a password',
    passwordTooShort: 'Your password needs at least 10 characters',
    passwordTooCommon: 'This password is one of the most common ones. Choose one that is harder to guess',
    passwordTooLong: 'Your password is too long',
    /** Sign-up with an address that has an account: the form offers 'Sign in' beside it. */
    accountExists: 'An account with this email already exists.',
  },
  config: {
    fixDomain: 'Please fix the domain errors before saving',
    invalidDomain: 'Please enter a valid domain',
    invalidDomainExample: (host: string) => `Please enter a valid domain (e.g., ${host})`,
    nameRequired: 'Please enter a website name',
    weightSum: (sum: number) => `Touch point weights must sum to 1. Current sum: ${sum.toFixed(2)}`,
    windowRange: 'Attribution window must be between 1 and 365 days',
    decayRange: 'Time decay parameter must be between 1 and 30 days',
    weightRange: 'Weights must be between 0 and 1',
    postbackUrl: 'Please enter a valid postback URL (http or https)',
    /** `why` says what the host is, e.g. '127.0.0.1 is a loopback address'. */
    postbackBlocked: (why: string) => `Please enter a postback URL on a public address: ${why}`,
    crossDomain: 'Cross-domain entries must be valid domains',
    unknownTimezone: (name: string) =>
      `Unknown time zone "${name}": please choose an IANA time zone such as America/Los_Angeles or UTC`,
    saved: 'Configuration saved successfully!',
    updateFailed: 'Failed to update website in database. Please try again.',
    createFailed: 'Failed to create website in database. Please try again.',
    loadFailed: 'Failed to load website configuration',
    loadFailedSetup: 'Failed to load website configuration. Please set up your website configuration first.',
    resetConfirm: 'Are you sure you want to reset the configuration? This cannot be undone.',
    resetDone: 'Configuration has been reset to defaults.',
    resetFailed: 'Failed to reset configuration. Please try again.',
    snippetMissingDomain: 'Please configure website domain first',
  },
  goals: {
    required: 'Please fill in all required fields',
    path: 'Please enter a page path for the pageview goal',
    selector: 'Please enter a CSS selector for the click goal',
    // Not in the spec: a click goal whose selector no browser can read would never convert.
    invalidSelector:
      'This is not a valid CSS selector. Use an id or a class, for example #buy-button or .add-to-cart',
    event: 'Please enter an event name for the event goal',
    value: 'Goal value must be a number of 0 or more',
    added: (name: string) => `Goal "${name}" added successfully!`,
    addFailed: 'Failed to add goal. Please try again.',
    removeFailed: 'Failed to remove goal. Please try again.',
    // Not in the spec: editing goals and refusing a second goal that matches the same thing.
    updated: (name: string) => `Goal "${name}" saved`,
    updateFailed: 'Failed to save goal. Please try again.',
    notFound: 'Goal not found',
    /** `what` names the condition: 'page path', 'CSS selector' or 'event name'. */
    duplicate: (name: string, what: string) =>
      `Goal "${name}" already matches this ${what}: each conversion would count twice`,
  },
  campaigns: {
    required: 'Please fill in all required fields',
    landingPage: 'Please enter a valid landing page URL (http or https)',
    // Not in the spec: the collect endpoint refuses pages of other domains, so such a link never counts.
    landingPageDomain: (rootDomain: string) =>
      `This page is not on ${rootDomain} or its subdomains, so the tracker would never count its visits. Use a page of your website, or add its domain to the cross-domain list in Website Configuration.`,
    notFound: 'Campaign not found',
    ocxidTaken: 'This campaign ID is already in use',
    saved: 'Campaign saved successfully!',
    deleted: 'Campaign deleted successfully!',
    saveFailed: 'Failed to save campaign. Please try again.',
    createFailed: 'Failed to create campaign. Please try again.',
    deleteFailed: 'Failed to delete campaign. Please try again.',
    // The request never reached the server (offline, connection dropped): spec §8's other texts.
    saveError: 'An error occurred while saving the campaign. Please try again.',
    editError: 'An error occurred while editing the campaign. Please try again.',
    deleteError: 'An error occurred while deleting the campaign. Please try again.',
    deleteConfirm: 'Are you sure you want to delete this campaign?',
    loadFailed: 'Failed to load campaigns',
    configRequired:
      'Configuration Required: Please configure your website domain in the Website Config section before creating campaigns.',
  },
  networks: {
    nameRequired: 'Please enter a network name',
    paramRequired: 'Please enter a tracking parameter',
    duplicate: 'A network with this name already exists',
    notFound: 'Network not found',
    createFailed: 'Failed to create network. Please try again.',
    updateFailed: 'Failed to update network. Please try again.',
    deleteFailed: 'Failed to delete network. Please try again.',
  },
  sources: {
    required: 'Please fill in all required fields',
    duplicate: 'A source with this name already exists',
    notFound: 'Source not found',
    createFailed: 'Failed to create source. Please try again.',
    updateFailed: 'Failed to save source. Please try again.',
    deleteFailed: 'Failed to delete source. Please try again.',
  },
  landingPages: {
    nameRequired: 'Please enter a landing page name',
    // The spec's text, with the slashes nested paths may have (products/pour-over-kit).
    path: 'Invalid URL path format. Path can only contain letters, numbers, hyphens, and underscores, with a slash between two parts (products/pour-over-kit).',
    otherDomain: (rootDomain: string) =>
      `Landing pages are pages of ${rootDomain}: give the path (like products/pour-over-kit) or the page's address on ${rootDomain}.`,
    domainRequired:
      'Please configure your website domain in the Website Config section before creating landing pages.',
    notFound: 'Landing page not found',
    createFailed: 'Failed to create landing page',
    deleteFailed: 'Failed to delete landing page. Please try again.',
    // The request never reached the server.
    saveError: 'Failed to save landing page',
    deleteError: 'Failed to delete landing page',
  },
  templates: {
    nameRequired: 'Please enter a template name',
    cannotModifyDefault: 'Cannot modify default templates',
    cannotDeleteDefault: 'Cannot delete default templates',
    notFound: 'Template not found',
    saved: 'Template saved successfully',
  },
  funnels: {
    defaultName: 'New Funnel',
    notFound: 'Funnel not found',
    websiteRequired: 'website_id is required',
    stepsRequired: 'A funnel needs at least 1 step',
    tooManySteps: 'A funnel can have at most 20 steps',
    stepCondition: (n: number) => `Step ${n} needs a URL path or a CSS selector`,
    stepOneCondition: (n: number) => `Step ${n} matches either a URL path or a CSS selector, not both`,
    stepSelector: (n: number) => `Step ${n} has an invalid CSS selector`,
    deleteConfirm: 'Are you sure you want to delete this funnel?',
    loadFailed: 'Failed to load funnels. Please try again.',
    saveFailed: 'Failed to save funnel. Please try again.',
    deleteFailed: 'Failed to delete funnel. Please try again.',
    analyticsFailed: 'Failed to load funnel analytics. Please try again.',
    comparisonFailed: 'Failed to load comparison data. Please try again.',
    empty: 'No funnels created yet.',
    noAnalytics: 'No analytics data available for this funnel yet.',
    noComparison: 'No comparison data available.',
    selectPrompt: 'Select a funnel to visualize',
  },
  shares: {
    notFound: 'This shared link does not exist or was revoked.',
    passwordRequired: 'This dashboard is password protected. Enter the password to view it.',
    wrongPassword: 'Wrong password.',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
    passwordLength: 'A password needs 8 to 128 characters.',
  },
  logs: {
    rangeTooLong: (days: number) =>
      `The date range can span at most ${days} days. Choose a shorter range, or export the log for longer ones.`,
  },
  eventTest: {
    stored: 'Test event stored. It appears below, marked Test; it counts in no report.',
    /** Why collect would have dropped the test event, said the moment it comes back. */
    droppedBot: (userAgent: string) =>
      `Dropped as a bot: this browser's user agent looks like a crawler or a headless browser, and OCX counts no bots. Events from your visitors' ordinary browsers are counted. User agent: ${userAgent || '(none)'}`,
    droppedInvalid: (detail: string) => `Dropped as invalid: ${detail}.`,
    droppedUnknownWebsite: 'Dropped: no website has this ID.',
    droppedForeignOrigin: (host: string, rootDomain: string) =>
      `Dropped: the page is on ${host}, which is not ${rootDomain}, one of its subdomains or a cross-domain of this website. Correct the root domain in Website Configuration.`,
  },
  installation: {
    unreachable: (url: string) =>
      `OCX could not open ${url}. Check the root domain, or give the address of a page that is online.`,
    httpError: (url: string, status: number) =>
      `${url} answered with HTTP ${status}. Give the address of a page that loads in a browser.`,
    snippetMissing: (url: string) =>
      `The tracking snippet is not on ${url}. Paste it into the <head> of every page (check that your site is published and not served from an old cache).`,
    otherWebsite: (found: string) =>
      `The page carries the snippet of another website (${found || 'no website ID'}). Copy this website's snippet again.`,
    cspScript: (origin: string) =>
      `The page's Content-Security-Policy does not allow scripts from ${origin}. Add it to script-src.`,
    cspCollect: (origin: string) =>
      `The page's Content-Security-Policy does not allow sending to ${origin}. Add it to connect-src.`,
    snippetFound:
      'The snippet is installed correctly. Open your site in a browser without an ad blocker to send the first event; if one blocks the script, set up first-party tracking in Website Configuration.',
    refusedAddress: (reason: string) => `OCX does not open this address: ${reason}.`,
    otherDomain: (rootDomain: string) => `Give the address of a page on ${rootDomain} or its subdomains.`,
    noDomain: 'Set the root domain of your website first.',
    tooMany: 'Too many checks. Please wait a minute and try again.',
    refusedForeign: (host: string, rootDomain: string) =>
      `Events arrived from ${host}, which is not ${rootDomain} or one of its subdomains, and were refused. Correct the root domain, or add ${host} to the cross-domain list in Website Configuration.`,
    refusedNoDomain:
      'Events arrived, but this website has no root domain yet, so they were refused. Set the root domain.',
  },
  members: {
    /** How the members card explains invitations and verification. */
    howInvitationsWork:
      'Invitees get a link by mail. They sign up or sign in with that address, verify it, and accept. A member whose address is not verified has no access until it is.',
    waitingForVerification: 'Waiting for verification',
    inviteRefused: 'Only owners and admins can invite members',
    invitationsRefused: 'Only owners and admins can see or revoke invitations',
    verifyBeforeInviting:
      'Verify your email address before inviting anyone: open the link we mailed you (Profile can send it again).',
    verifyFirst:
      'Verify your email address first: open the link we mailed you, then accept. The invitation stays valid.',
    tooManyFromOrganization: (perHour: number) =>
      `This organization has sent ${perHour} invitations in the last hour. Please wait before inviting more.`,
    tooManyToAddress: 'This address has received too many invitations today. Please try again tomorrow.',
  },
  common: {
    notFound: 'Not found',
    crossSite: 'Cross-site request refused: send it from the OCX app itself',
    unexpected: 'An unexpected error occurred. Please try again.',
    unavailable: 'The database is unavailable at the moment. Please try again shortly.',
  },
} as const;
