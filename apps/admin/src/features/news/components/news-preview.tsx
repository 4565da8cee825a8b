import { CONTENT_LANGUAGES } from '@meridian/contracts';
import { BCP47, isRightToLeft } from '@meridian/i18n';
import { Alert, Empty, Flex, Select, Typography } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { sanitizeArticle } from '../article-html';
import { type ContentLanguage, languageLabel, versionShown } from '../languages';
import './news-preview.css';

export interface PreviewVersion {
  lang: ContentLanguage;
  title: string;
  desc?: string;
  content: string;
}

/**
 * The article as a trader reading in a chosen language sees it, in a phone-width (390 px) frame:
 * their version, or the one the app falls back to (said above the frame), its HTML sanitised as the
 * app does before it is shown.
 */
export function NewsPreview({
  versions,
  logo,
  publishAt,
  initialReader,
}: {
  versions: PreviewVersion[];
  logo: string;
  /** When it is (or will be) shown; null: now. */
  publishAt: string | null;
  initialReader: ContentLanguage;
}) {
  const { t } = useTranslation();
  const [reader, setReader] = useState<ContentLanguage>(initialReader);
  const shown = versionShown(versions, reader);
  const has = new Set(versions.map((v) => v.lang));
  return (
    <Flex vertical gap={12} align="center">
      <Flex gap={8} align="center" wrap style={{ alignSelf: 'stretch' }}>
        <Typography.Text>{t('news.preview.reader')}</Typography.Text>
        <Select<ContentLanguage>
          value={reader}
          onChange={setReader}
          aria-label={t('news.preview.reader')}
          style={{ minWidth: 220 }}
          showSearch={{ optionFilterProp: 'label' }}
          options={CONTENT_LANGUAGES.map((lang) => ({
            value: lang,
            label: has.has(lang)
              ? languageLabel(lang)
              : t('news.preview.noVersion', { language: languageLabel(lang) }),
          }))}
        />
      </Flex>
      {shown && shown.lang !== reader ? (
        <Alert
          type="info"
          showIcon
          style={{ alignSelf: 'stretch' }}
          title={t('news.preview.fallback', {
            shown: languageLabel(shown.lang),
            reader: languageLabel(reader),
          })}
        />
      ) : null}
      <section
        className="news-phone"
        data-testid="news-phone"
        aria-label={t('news.preview.title')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls, so a keyboard must reach it to scroll it
        tabIndex={0}
      >
        {shown ? (
          <article
            className="news-phone__article"
            // Our codes (hk, jp…) are not BCP-47: the page's language tag is.
            lang={BCP47[shown.lang]}
            dir={isRightToLeft(shown.lang) ? 'rtl' : 'ltr'}
          >
            <h1 className="news-phone__title">{shown.title || t('news.preview.untitled')}</h1>
            <div className="news-phone__time">{formatDateTime(publishAt ?? new Date().toISOString())}</div>
            {logo ? <img className="news-phone__cover" src={logo} alt="" /> : null}
            <ArticleContent html={shown.content} />
          </article>
        ) : (
          <Empty description={t('news.preview.empty')} style={{ paddingTop: 80 }} />
        )}
      </section>
    </Flex>
  );
}

/** The article's HTML, sanitised into nodes (as the app does) and put in place of the last. */
function ArticleContent({ html }: { html: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.replaceChildren(sanitizeArticle(html));
  }, [html]);
  return <div ref={box} className="news-phone__content" data-testid="news-preview-content" />;
}
