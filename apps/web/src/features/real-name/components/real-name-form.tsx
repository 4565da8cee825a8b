import type { RealNameRecord } from '@meridian/contracts';
import { type ImageUploadItem, Input } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, FormSubmit, formStyles } from '../../../components/form-controls';
import { ImageUploadField } from '../../../components/image-upload-field';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import { useSubmitRealName } from '../api/use-submit-real-name';
import { checkRealName } from '../validation';
import styles from './real-name.module.css';

/**
 * The real-name form (spec §2 'real auth', §5): name, ID number, the ID's front and back (one image
 * each, uploaded as soon as picked). A rejected submission's name and number come back filled in;
 * the images are taken again (a rejection is most often about them). Kept in memory only: an ID
 * number is not left in the browser's storage.
 */
export function RealNameForm({ previous }: { previous?: RealNameRecord }) {
  const { t } = useTranslation();
  const [name, setName] = useState(previous?.name ?? '');
  const [cardId, setCardId] = useState(previous?.card_id ?? '');
  const [front, setFront] = useState<ImageUploadItem[]>([]);
  const [back, setBack] = useState<ImageUploadItem[]>([]);
  const realName = useSubmitRealName();
  const submit = useSubmit();
  const ids = { name: useId(), cardId: useId() };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const draft = { name, cardId, frontPic: front[0]?.url ?? '', reversePic: back[0]?.url ?? '' };
    void submit(
      () => checkRealName(draft),
      async () => {
        const { msg } = await realName.mutateAsync(draft);
        // The screen turns to the waiting state with the answer's record.
        if (msg) toast(msg);
      },
    );
  };

  return (
    <form
      className={`${formStyles.form} ${styles.card}`}
      onSubmit={onSubmit}
      noValidate
      data-testid="real-name-form"
    >
      <FormField id={ids.name} label={t('realName.name')}>
        <Input
          id={ids.name}
          name="name"
          autoComplete="name"
          maxLength={100}
          placeholder={t('realName.namePlaceholder')}
          value={name}
          onChange={setName}
        />
      </FormField>
      <FormField id={ids.cardId} label={t('realName.cardId')}>
        <Input
          id={ids.cardId}
          name="card_id"
          autoComplete="off"
          maxLength={40}
          placeholder={t('realName.cardIdPlaceholder')}
          value={cardId}
          onChange={setCardId}
        />
      </FormField>
      <div className={styles.sides}>
        <ImageUploadField
          label={t('realName.front')}
          value={front}
          onChange={setFront}
          testId="real-name-front"
          className={styles.slot}
        />
        <ImageUploadField
          label={t('realName.back')}
          value={back}
          onChange={setBack}
          testId="real-name-back"
          className={styles.slot}
        />
      </div>
      <p className={styles.hint}>{t('realName.imagesHint')}</p>
      <FormSubmit loading={realName.isPending} className={formStyles.submit}>
        {t('realName.submit')}
      </FormSubmit>
    </form>
  );
}
