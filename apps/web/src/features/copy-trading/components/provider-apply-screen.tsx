import type { CallData, providerCenterCall } from '@meridian/contracts';
import { PROVIDER_STATUS } from '@meridian/contracts/statuses';
import { Button, type ImageUploadItem } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImageUploadField } from '../../../components/image-upload-field';
import { PageHeader } from '../../../components/page-header';
import { RealAccountGate } from '../../../components/real-account-gate';
import { useSingleFlight } from '../../../lib/single-flight';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../stores/session';
import { useApplyProvider } from '../api/apply-provider';
import { useProviderProfile } from '../api/get-provider-profile';
import { FEE_LIMITS, isZero } from '../format';
import { checkApplication, MAX_DESCRIPTION, MAX_NICKNAME } from '../validation';
import styles from './copy-trading.module.css';
import { DecimalField, TextField } from './form-fields';
import { ListState } from './list-state';
import { LoginPrompt } from './login-prompt';

type ProviderProfile = CallData<typeof providerCenterCall>;

/** -1: never applied (contract: `providerProfile.status`). */
const NEVER_APPLIED = -1;

/**
 * `/rank?tab=provider` (from the personal centre): becoming a signal provider. Never applied: the
 * application form. Waiting: the status. Approved: the status, followers and the profile to edit.
 * Suspended or removed: the status and staff's note. Rejected: the note, and the form to apply again.
 */
export function ProviderApplyScreen() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  return (
    <div className="page">
      <PageHeader title={t('screens.provider')} />
      <main className={styles.body}>
        {!token ? (
          <LoginPrompt text={t('account.loginRequired')} />
        ) : (
          <RealAccountGate>
            <ProviderCentre />
          </RealAccountGate>
        )}
      </main>
    </div>
  );
}

const STATUS_TEXT: Record<number, string> = {
  [PROVIDER_STATUS.APPLIED]: 'copy.apply.status.waiting',
  [PROVIDER_STATUS.APPROVED]: 'copy.apply.status.approved',
  [PROVIDER_STATUS.SUSPENDED]: 'copy.apply.status.suspended',
  [PROVIDER_STATUS.REMOVED]: 'copy.apply.status.removed',
  [PROVIDER_STATUS.REJECTED]: 'copy.apply.status.rejected',
};

function ProviderCentre() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id ?? 0);
  const profile = useProviderProfile();
  const p = profile.data;
  if (profile.isPending)
    return (
      <p className={styles.note} role="status">
        {t('app.loading')}
      </p>
    );
  if (!p)
    return (
      <ListState
        title={t('common.loadFailed')}
        onRetry={() => void profile.refetch()}
        retrying={profile.isRefetching}
        testId="provider-centre-error"
      />
    );
  const approved = p.status === PROVIDER_STATUS.APPROVED;
  // A waiting or approved profile is edited in place, a rejected one applies again; a suspended or
  // removed provider cannot change it.
  const canEdit = p.status !== PROVIDER_STATUS.SUSPENDED && p.status !== PROVIDER_STATUS.REMOVED;
  return (
    <>
      {p.status === NEVER_APPLIED ? (
        <p className={styles.intro}>{t('copy.apply.intro')}</p>
      ) : (
        <section
          className={`${styles.banner} ${approved ? styles.bannerOk : p.status === PROVIDER_STATUS.APPLIED ? styles.bannerWait : styles.bannerBad}`}
          data-testid="provider-status"
          data-status={p.status}
        >
          <p className={styles.bannerText}>{t(STATUS_TEXT[p.status] ?? 'copy.apply.status.waiting')}</p>
          {p.staff_note && p.status !== PROVIDER_STATUS.APPLIED ? (
            <p className={styles.bannerNote}>{t('copy.apply.staffNote', { note: p.staff_note })}</p>
          ) : null}
          {approved && (
            <>
              <p className={`${styles.bannerNote} num`}>{t('copy.apply.followers', { n: p.followers })}</p>
              <Link to={`/rank?provider=${userId}`} className={styles.linkButton}>
                {t('copy.apply.viewPage')}
              </Link>
            </>
          )}
        </section>
      )}
      {canEdit && <ApplicationForm key={p.status} profile={p} />}
    </>
  );
}

/** The picture as the uploader holds it: the stored one, shown from its URL. */
const avatarItems = (url: string): ImageUploadItem[] => (url ? [{ url }] : []);

function ApplicationForm({ profile }: { profile: ProviderProfile }) {
  const { t } = useTranslation();
  const apply = useApplyProvider();
  const ids = { nickname: useId(), description: useId(), fee: useId() };
  const [nickname, setNickname] = useState(profile.nickname);
  const [description, setDescription] = useState(profile.description);
  const [avatar, setAvatar] = useState<ImageUploadItem[]>(() => avatarItems(profile.avatar));
  const [feePercent, setFeePercent] = useState(isZero(profile.fee_percent) ? '' : profile.fee_percent);
  const approved = profile.status === PROVIDER_STATUS.APPROVED;
  const editing = approved || profile.status === PROVIDER_STATUS.APPLIED;

  const submit = useSingleFlight(async () => {
    const problem = checkApplication({ nickname, feePercent });
    if (problem) {
      toast(t(problem.key, problem.values));
      return;
    }
    try {
      await apply.mutateAsync({ nickname, description, avatar: avatar[0]?.url ?? '', feePercent });
    } catch {
      return; // refused: the server's message was shown
    }
    toast(t(editing ? 'copy.apply.savedProfile' : 'copy.apply.submitted'));
  });

  return (
    <form
      className={`${styles.form} ${styles.card}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="provider-form"
    >
      <TextField
        id={ids.nickname}
        label={t('copy.apply.nickname')}
        value={nickname}
        onChange={setNickname}
        placeholder={t('copy.apply.nicknamePlaceholder')}
        maxLength={MAX_NICKNAME}
        testId="provider-nickname"
      />
      <TextField
        id={ids.description}
        label={t('copy.apply.description')}
        value={description}
        onChange={setDescription}
        placeholder={t('copy.apply.descriptionPlaceholder')}
        maxLength={MAX_DESCRIPTION}
        multiline
        testId="provider-description"
      />
      <ImageUploadField
        label={t('copy.apply.avatar')}
        hint={t('copy.apply.avatarHint')}
        value={avatar}
        onChange={setAvatar}
        testId="provider-avatar"
        className={styles.avatarSlot}
      />
      <DecimalField
        id={ids.fee}
        label={t('copy.apply.fee')}
        value={feePercent}
        onChange={setFeePercent}
        limits={FEE_LIMITS}
        placeholder="0"
        suffix="%"
        hint={t('copy.apply.feeHint')}
        testId="provider-fee"
      />
      <Button
        type="submit"
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={apply.isPending}
        className={styles.submit}
        data-testid="provider-submit"
      >
        {t(
          editing
            ? 'copy.apply.save'
            : profile.status === PROVIDER_STATUS.REJECTED
              ? 'copy.apply.applyAgain'
              : 'copy.apply.submit',
        )}
      </Button>
    </form>
  );
}
