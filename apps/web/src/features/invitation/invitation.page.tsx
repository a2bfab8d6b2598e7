import { Alert, Button, Stack, Text } from '@mantine/core';
import type { InvitationPreview } from '@ocx/contracts';
import { Link, useNavigate, useParams } from 'react-router';
import { useAcceptInvitation, useInvitationPreview } from '../../api/queries/use-members';
import { useSession } from '../../api/queries/use-session';
import { AuthLayout } from '../../auth/auth-layout';
import { formatDateTime } from '../../components/date-format';
import { FullPageLoader } from '../../components/full-page-loader';
import { useDocumentTitle } from '../../components/use-document-title';
import { memberRefusal } from '../team/member-errors';
import { VerifyFirst } from './verify-first';

const roleText = (role: InvitationPreview['role']) => (role === 'admin' ? 'an admin' : 'a viewer');

/**
 * The invitation link's page, signed in or not: what it invites to, then sign up or sign in with the
 * invited address (both come back here), verify it, and accept. Accepting opens the dashboard with
 * the organization's websites in the selector.
 */
export default function InvitationPage() {
  useDocumentTitle('Invitation');
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const session = useSession();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  if (preview.isPending || session.isPending) return <FullPageLoader label="Loading the invitation..." />;
  if (preview.error) {
    return (
      <AuthLayout title="Invitation" subtitle="Joining an organization on OCX">
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {memberRefusal(preview.error)}
          </Alert>
          <Button component={Link} to="/dashboard" variant="light">
            Open OCX
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  const invitation = preview.data;
  const here = `/invitations/${encodeURIComponent(token)}`;
  const signedInAs = session.data?.user.email;
  const invitedAddress = signedInAs?.toLowerCase() === invitation.email;
  const mustVerify = invitedAddress && session.data?.user.emailVerified === false;
  return (
    // The organization's name is often an email address: it goes in the text, which wraps, not the title.
    <AuthLayout title="You are invited" subtitle="Join an organization on OCX">
      <Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {invitation.email} is invited to join {invitation.organizationName} as {roleText(invitation.role)}.
        </Text>
        {invitation.expired ? (
          <Alert color="red" variant="light" role="alert">
            This invitation has expired. Ask the organization for a new one.
          </Alert>
        ) : (
          <Text size="xs" c="dimmed">
            The invitation works until {formatDateTime(invitation.expiresAt)}.
          </Text>
        )}
        {invitation.expired ? null : mustVerify ? (
          <VerifyFirst email={invitation.email} returnTo={here} />
        ) : signedInAs ? (
          <>
            {invitedAddress ? null : (
              <Alert color="yellow" variant="light" style={{ overflowWrap: 'anywhere' }}>
                You are signed in as {signedInAs}. Sign in with {invitation.email} to accept.
              </Alert>
            )}
            <Button
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(token, { onSuccess: () => navigate('/dashboard', { replace: true }) })
              }
            >
              Accept invitation
            </Button>
          </>
        ) : (
          <Stack gap="sm">
            <Button
              component={Link}
              to={`/signup?next=${encodeURIComponent(here)}&email=${encodeURIComponent(invitation.email)}`}
            >
              Sign up to accept
            </Button>
            <Button component={Link} to={`/login?next=${encodeURIComponent(here)}`} variant="light">
              Sign in
            </Button>
          </Stack>
        )}
        {accept.error ? (
          <Alert color="red" variant="light" role="alert">
            {memberRefusal(accept.error)}
          </Alert>
        ) : null}
      </Stack>
    </AuthLayout>
  );
}
