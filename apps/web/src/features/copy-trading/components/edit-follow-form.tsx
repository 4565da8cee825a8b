import type { FollowView } from '@meridian/contracts';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSingleFlight } from '../../../lib/single-flight';
import { toast } from '../../../lib/toast';
import { useUpdateFollow } from '../api/update-follow';
import { isZero } from '../format';
import { checkSettings } from '../validation';
import styles from './copy-trading.module.css';
import { type CopySettings, SettingsFields } from './settings-fields';
import { Sheet } from './sheet';

/** A follow's settings as the form shows them ('' for a limit that is not set). */
export const settingsOf = (follow: FollowView): CopySettings => ({
  sizing: follow.sizing === 2 ? 2 : 1,
  multiplier: follow.multiplier,
  maxLots: isZero(follow.max_lots) ? '' : follow.max_lots,
  stopLoss: isZero(follow.stop_loss) ? '' : follow.stop_loss,
  copyOpen: follow.copy_open,
});

/** The settings sheet of one follow: new sizing and limits apply to the copies made from now on. */
export function EditFollowForm({ follow, onClose }: { follow: FollowView | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet
      open={follow !== null}
      onClose={onClose}
      title={follow ? t('copy.mine.editTitle', { name: follow.provider }) : ''}
      testId="edit-follow-form"
    >
      {follow && <EditBody key={follow.id} follow={follow} onClose={onClose} />}
    </Sheet>
  );
}

function EditBody({ follow, onClose }: { follow: FollowView; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateFollow();
  const [settings, setSettings] = useState<CopySettings>(() => settingsOf(follow));
  const save = useSingleFlight(async () => {
    const problem = checkSettings(settings, follow.equity);
    if (problem) {
      toast(t(problem.key, problem.values));
      return;
    }
    try {
      await update.mutateAsync({ id: follow.id, ...settings });
    } catch {
      return; // refused: the server's message was shown
    }
    toast(t('copy.mine.saved'));
    onClose();
  });
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className={styles.formNote}>{t('copy.mine.editHint')}</p>
      <SettingsFields value={settings} onChange={(patch) => setSettings((s) => ({ ...s, ...patch }))} />
      <Button
        type="submit"
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={update.isPending}
        className={styles.submit}
        data-testid="edit-follow-submit"
      >
        {t('copy.mine.save')}
      </Button>
    </form>
  );
}
