import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { CONTENT_LANGUAGES, staffNewsTranslation } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Form, Input, Modal, Select, Skeleton, Tabs } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { ImageUploadField } from '../../../components/image-upload-field';
import { contractRule } from '../../../lib/contract-rule';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import {
  createNews,
  type NewsBody,
  newsKeys,
  publishNews,
  type StaffNewsArticle,
  unpublishNews,
  updateNews,
  uploadNewsImage,
  useNewsArticle,
} from '../api/news';
import { type ContentLanguage, isContentLanguage, languageLabel, STARTING_LANGUAGES } from '../languages';
import { NewsPreview } from './news-preview';
import { NewsStateTag } from './news-state-tag';
import { RichTextEditor } from './rich-text-editor';
import { ScheduleModal } from './schedule-modal';

/** Room for the editor beside nothing else; the whole width on a phone. */
const DRAWER_SIZE = 'min(1100px, 100vw)';
const fields = staffNewsTranslation.shape;

interface Version {
  title?: string;
  desc?: string;
  content?: string;
}
interface Values {
  logo?: string;
  versions: Partial<Record<ContentLanguage, Version>>;
}

type Action = { kind: 'save' } | { kind: 'publish'; at: string | null } | { kind: 'unpublish' };

/** The body the server takes from the form: the versions in tab order, text trimmed. */
function bodyOf(values: Values, langs: ContentLanguage[]): NewsBody {
  return {
    logo: values.logo ?? '',
    translations: langs.map((lang) => {
      const v = values.versions?.[lang] ?? {};
      return { lang, title: (v.title ?? '').trim(), desc: (v.desc ?? '').trim(), content: v.content ?? '' };
    }),
  };
}

function valuesOf(article: StaffNewsArticle | null): { langs: ContentLanguage[]; values: Values } {
  if (!article) {
    return {
      langs: [...STARTING_LANGUAGES],
      values: { logo: '', versions: Object.fromEntries(STARTING_LANGUAGES.map((l) => [l, {}])) },
    };
  }
  const versions: Values['versions'] = {};
  for (const v of article.translations)
    versions[v.lang] = { title: v.title, desc: v.desc, content: v.content };
  return { langs: article.translations.map((v) => v.lang), values: { logo: article.logo, versions } };
}

/**
 * The news editor in a large drawer: `articleId` null writes a new one. Loads the article, then
 * hands it to the form.
 */
export function NewsEditorDrawer({
  articleId,
  onClose,
  onSaved,
}: {
  articleId: number | null;
  onClose: () => void;
  /** An answer changed the article (saved, published…): the list is read again. */
  onSaved: (article: StaffNewsArticle) => void;
}) {
  const { t } = useTranslation();
  const loaded = useNewsArticle(articleId);
  if (articleId !== null && !loaded.data) {
    return (
      <Drawer open size={DRAWER_SIZE} title={t('news.editTitle', { id: articleId })} onClose={onClose}>
        {loaded.isError ? (
          <ErrorState error={loaded.error} onRetry={() => void loaded.refetch()} />
        ) : (
          <Skeleton active paragraph={{ rows: 12 }} />
        )}
      </Drawer>
    );
  }
  return <NewsEditor initial={loaded.data ?? null} onClose={onClose} onSaved={onSaved} />;
}

function NewsEditor({
  initial,
  onClose,
  onSaved,
}: {
  initial: StaffNewsArticle | null;
  onClose: () => void;
  onSaved: (article: StaffNewsArticle) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [start] = useState(() => valuesOf(initial));
  const [article, setArticle] = useState<StaffNewsArticle | null>(initial);
  const [langs, setLangs] = useState<ContentLanguage[]>(start.langs);
  const [active, setActive] = useState<ContentLanguage>(start.langs[0] ?? 'en');
  const [dialog, setDialog] = useState<'schedule' | 'preview' | null>(null);
  // What the server holds, as the form would send it: unchanged means nothing to save.
  const saved = useRef(initial ? JSON.stringify(bodyOf(start.values, start.langs)) : '');
  // One request at a time: set at once, before the button re-renders as busy.
  const sending = useRef(false);

  const adopt = (next: StaffNewsArticle) => {
    setArticle(next);
    queryClient.setQueryData(newsKeys.article(next.id), next);
    onSaved(next);
  };

  const send = useMutation({
    mutationFn: async ({ action, body }: { action: Action; body: NewsBody | null }) => {
      let current = article;
      if (body && (current === null || JSON.stringify(body) !== saved.current)) {
        const answer = current ? await updateNews(current.id, body) : await createNews(body);
        saved.current = JSON.stringify(body);
        current = answer.data;
        adopt(current);
      }
      if (!current) throw new Error('news editor: nothing saved to publish');
      if (action.kind === 'publish') current = (await publishNews(current.id, action.at)).data;
      if (action.kind === 'unpublish') current = (await unpublishNews(current.id)).data;
      if (action.kind !== 'save') adopt(current);
      return current;
    },
    onSettled: () => {
      sending.current = false;
    },
    onSuccess: (next, { action }) => {
      setDialog(null);
      if (action.kind === 'save') notifySuccess(t('news.saved'));
      else if (action.kind === 'unpublish') notifySuccess(t('news.unpublished'));
      else if (next.state === 'scheduled')
        notifySuccess(t('news.scheduled', { time: formatDateTime(next.publishAt) }));
      else notifySuccess(t('news.published'));
    },
  });

  /** The form's body once every version passes its rules; else the first failing tab is shown. */
  const validBody = async (): Promise<NewsBody | null> => {
    try {
      await form.validateFields();
    } catch (err) {
      const first = (err as { errorFields?: Array<{ name: Array<string | number> }> }).errorFields?.[0];
      const lang = String(first?.name[1] ?? '');
      if (isContentLanguage(lang)) setActive(lang);
      return null;
    }
    return bodyOf(form.getFieldsValue(true), langs);
  };

  const run = (action: Action, body: NewsBody | null) => {
    if (sending.current) return Promise.resolve();
    sending.current = true;
    return send.mutateAsync({ action, body }).then(
      () => undefined,
      () => undefined, // the query client shows the server's message; the editor stays
    );
  };

  /** Asks first when traders would see the change at once; `onOk` waits for the answer. */
  const confirmThen = (
    title: string,
    content: string,
    okText: string,
    go: () => Promise<void>,
    danger = false,
  ) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText: t('common.cancel'),
      okButtonProps: { danger },
      onOk: go,
    });

  const save = async () => {
    const body = await validBody();
    if (!body) return;
    if (article?.state === 'published') {
      confirmThen(t('news.confirm.saveLiveTitle'), t('news.confirm.saveLive'), t('common.save'), () =>
        run({ kind: 'save' }, body),
      );
    } else await run({ kind: 'save' }, body);
  };

  const publishNow = async () => {
    const body = await validBody();
    if (!body) return;
    confirmThen(
      t('news.confirm.publishTitle'),
      article?.state === 'scheduled'
        ? t('news.confirm.publishInstead', { time: formatDateTime(article.publishAt) })
        : t('news.confirm.publish'),
      t('news.publishNow'),
      () => run({ kind: 'publish', at: null }, body),
    );
  };

  const openSchedule = async () => {
    if (await validBody()) setDialog('schedule');
  };

  const schedule = async (at: string) => {
    const body = await validBody();
    if (body) await run({ kind: 'publish', at }, body);
  };

  const unpublish = () => {
    if (!article) return;
    confirmThen(
      t('news.confirm.unpublishTitle'),
      t('news.confirm.unpublish'),
      t('news.unpublish'),
      () => run({ kind: 'unpublish' }, null),
      true,
    );
  };

  const close = () => {
    const dirty = JSON.stringify(bodyOf(form.getFieldsValue(true), langs)) !== saved.current;
    if (!dirty || send.isPending) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('news.confirm.discardTitle'),
      content: t('news.confirm.discard'),
      okText: t('news.confirm.discardOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };

  const addLanguage = (lang: ContentLanguage) => {
    setLangs((l) => [...l, lang]);
    setActive(lang);
  };

  const removeLanguage = (lang: ContentLanguage) => {
    modal.confirm({
      title: t('news.removeLanguageTitle', { language: languageLabel(lang) }),
      content: t('news.removeLanguage', { language: languageLabel(lang) }),
      okText: t('news.removeLanguageOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => {
        const rest = langs.filter((l) => l !== lang);
        setLangs(rest);
        form.setFieldValue(['versions', lang], undefined);
        if (active === lang) setActive(rest[0] ?? 'en');
      },
    });
  };

  const busy = send.isPending;
  const values = (): Values => form.getFieldsValue(true);
  const missing = CONTENT_LANGUAGES.filter((l) => !langs.includes(l));

  return (
    <Drawer
      open
      size={DRAWER_SIZE}
      title={
        <Flex gap={8} align="center" wrap>
          {article ? t('news.editTitle', { id: article.id }) : t('news.new')}
          {article ? <NewsStateTag state={article.state} publishAt={article.publishAt} /> : null}
        </Flex>
      }
      onClose={close}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Flex justify="space-between" gap={8} wrap>
          <Button icon={<EyeOutlined />} onClick={() => setDialog('preview')}>
            {t('news.preview.open')}
          </Button>
          <Flex gap={8} wrap>
            {article && article.state !== 'draft' ? (
              <Button danger disabled={busy} onClick={unpublish}>
                {t('news.unpublish')}
              </Button>
            ) : null}
            <Button disabled={busy} onClick={() => void openSchedule()}>
              {t('news.scheduleOpen')}
            </Button>
            <Button disabled={busy} onClick={() => void publishNow()}>
              {t('news.publishNow')}
            </Button>
            <Button type="primary" loading={busy} onClick={() => void save()}>
              {t('common.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Form<Values> form={form} layout="vertical" initialValues={start.values} disabled={busy}>
        <Form.Item name="logo" label={t('news.fields.logo')} extra={t('news.fields.logoHelp')}>
          <ImageUploadField upload={uploadNewsImage} alt={t('news.fields.logo')} size={72} />
        </Form.Item>
        {/* Above the tabs, not in their bar: a tab list may hold only tabs (ARIA; axe flags antd's
            close buttons and extra content there). */}
        <Flex justify="flex-end" gap={8} wrap style={{ marginBottom: 8 }}>
          {langs.length > 1 ? (
            <Button icon={<DeleteOutlined />} onClick={() => removeLanguage(active)}>
              {t('news.removeVersion', { language: languageLabel(active) })}
            </Button>
          ) : null}
          {missing.length > 0 ? (
            <Select<ContentLanguage>
              value={null}
              placeholder={t('news.addLanguage')}
              aria-label={t('news.addLanguage')}
              style={{ width: 200 }}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={addLanguage}
              options={missing.map((lang) => ({ value: lang, label: languageLabel(lang) }))}
            />
          ) : null}
        </Flex>
        <Tabs
          type="card"
          activeKey={active}
          onChange={(key) => {
            if (isContentLanguage(key)) setActive(key);
          }}
          items={langs.map((lang) => ({
            key: lang,
            label: languageLabel(lang),
            forceRender: true,
            children: <VersionFields lang={lang} />,
          }))}
        />
      </Form>
      {dialog === 'schedule' ? (
        <ScheduleModal
          initial={article?.state === 'scheduled' ? article.publishAt : null}
          live={article?.state === 'published'}
          busy={busy}
          onCancel={() => setDialog(null)}
          onSubmit={(at) => void schedule(at)}
        />
      ) : null}
      <Modal
        open={dialog === 'preview'}
        title={t('news.preview.title')}
        footer={null}
        width={480}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        {dialog === 'preview' ? (
          <NewsPreview
            versions={bodyOf(values(), langs).translations}
            logo={values().logo ?? ''}
            publishAt={article?.state === 'draft' ? null : (article?.publishAt ?? null)}
            initialReader={active}
          />
        ) : null}
      </Modal>
    </Drawer>
  );
}

/** Title, summary and content of one language's version. */
function VersionFields({ lang }: { lang: ContentLanguage }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={['versions', lang, 'title']}
        label={t('news.fields.title')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('news.fields.titleRequired') },
          contractRule(fields.title, t('news.fields.titleRule')),
        ]}
      >
        <Input maxLength={200} showCount />
      </Form.Item>
      <Form.Item
        name={['versions', lang, 'desc']}
        label={t('news.fields.desc')}
        extra={t('news.fields.descHelp')}
        rules={[contractRule(fields.desc, t('news.fields.descRule'))]}
      >
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item
        name={['versions', lang, 'content']}
        label={t('news.fields.content')}
        rules={[{ required: true, message: t('news.fields.contentRequired') }]}
      >
        <RichTextEditor label={t('news.fields.contentOf', { language: languageLabel(lang) })} />
      </Form.Item>
    </>
  );
}
