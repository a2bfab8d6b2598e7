import { Anchor, Button, Divider, Stack, Text } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { oauthApi } from '../../api/oauth.api';
import { useAuthProviders, useLegalLinks } from '../../api/queries/use-auth-providers';
import { FormError } from '../../components/form-error';

/**
 * One button per configured provider (none when the server has none). better-auth answers the
 * provider's address (with the PKCE challenge); the provider sends the browser back to `returnTo`.
 * 'Continue with …', not 'Sign in with …': the password form's button alone reads 'Sign in'.
 */
export function ProviderButtons({ returnTo }: { returnTo: string }) {
  const providers = useAuthProviders();
  const legal = useLegalLinks();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!providers.data?.length) return null;

  const start = async (id: string) => {
    setBusy(id);
    setError(null);
    try {
      const { url } = await oauthApi.signIn(id, returnTo);
      window.location.assign(url);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.unexpected);
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Divider label="or" labelPosition="center" />
      {providers.data.map((p) => (
        <Button
          key={p.id}
          variant="default"
          fullWidth
          leftSection={p.id === 'google' ? <IconBrandGoogle size={18} /> : <IconKey size={18} />}
          loading={busy === p.id}
          disabled={busy !== null}
          onClick={() => start(p.id)}
        >
          Continue with {p.name}
        </Button>
      ))}
      {/* A first sign-in through a provider creates the account: it agrees to the same terms as sign-up. */}
      <Text size="xs" c="dimmed" ta="center">
        Continuing with a provider for the first time creates an account: you agree to the{' '}
        <Anchor href={legal.termsUrl} target="_blank" rel="noopener" inherit>
          Terms of Service
        </Anchor>{' '}
        and the{' '}
        <Anchor href={legal.privacyUrl} target="_blank" rel="noopener" inherit>
          Privacy Policy
        </Anchor>
        .
      </Text>
      <FormError message={error} />
    </Stack>
  );
}
