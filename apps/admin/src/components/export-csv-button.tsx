import { DownloadOutlined } from '@ant-design/icons';
import type { STAFF_CSV_EXPORTS, StaffCallQuery } from '@meridian/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../lib/notify';
import { downloadStaffCsv, type StaffCsvPath } from '../lib/staff-client';

interface Props<P extends StaffCsvPath> {
  path: P;
  /** The list's current filters (the export ignores page and page size). */
  query: StaffCallQuery<(typeof STAFF_CSV_EXPORTS)[P]>;
}

/** "Export CSV": downloads the list's CSV with the same filters, named after the list and the day. */
export function ExportCsvButton<P extends StaffCsvPath>({ path, query }: Props<P>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadStaffCsv(path, query, `${path.slice(1, -4)}-${day}.csv`);
    } catch (err) {
      notifyError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={onClick}>
      {t('common.exportCsv')}
    </Button>
  );
}
