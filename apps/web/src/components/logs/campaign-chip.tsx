import { Badge } from '@mantine/core';

/** A row's campaign as a chip; 'None' (grey) when the click or conversion had none. */
export function CampaignChip({ id, name }: { id: string | null; name: string | null }) {
  return id ? (
    <Badge variant="light" tt="none" maw={220} title={name ?? id}>
      {name ?? id}
    </Badge>
  ) : (
    <Badge variant="default" tt="none">
      None
    </Badge>
  );
}
