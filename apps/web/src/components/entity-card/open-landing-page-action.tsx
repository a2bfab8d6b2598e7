import { ActionIcon, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/**
 * A card's "Open landing page" icon: the bare page in a new tab (campaigns link their page, not the
 * tracked link, so opening it here never counts as a click from the campaign).
 */
export function OpenLandingPageAction({ href }: { href: string }) {
  return (
    <Tooltip label="Open landing page">
      <ActionIcon
        variant="subtle"
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Open landing page"
      >
        <IconExternalLink size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
