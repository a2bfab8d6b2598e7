import { Button, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LogQuery } from '@ocx/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { LogKind } from '../../api/log-query';
import { type CsvFile, logsApi } from '../../api/logs.api';
import { formatBytes } from './log-format';
import { EXPORT_FAILED } from './log-texts';

function saveFile({ blob, filename }: CsvFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the server's CSV of the applied range and filters, showing how much has arrived. */
export function ExportButton({ kind, query }: { kind: LogKind; query: LogQuery }) {
  const [received, setReceived] = useState<number | null>(null);
  const run = async () => {
    setReceived(0);
    try {
      saveFile(await logsApi.exportCsv(kind, query, setReceived));
    } catch (error) {
      notifications.show({
        color: 'red',
        title: EXPORT_FAILED,
        message: error instanceof Error ? error.message : EXPORT_FAILED,
      });
    } finally {
      setReceived(null);
    }
  };
  const busy = received !== null;
  return (
    <Button
      onClick={run}
      disabled={busy}
      aria-busy={busy}
      leftSection={busy ? <Loader size={14} /> : <IconDownload size={16} />}
    >
      {busy ? `Exporting... ${formatBytes(received)}` : 'Export CSV'}
    </Button>
  );
}
