import { setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import type { TFunction } from 'i18next';

/**
 * antd-mobile's own texts (an uploading thumbnail, the upload picker's and a clear button's names,
 * a list's end) in the app's language. Its default locale is Simplified Chinese, which showed in
 * every language; its bundled locales cover 16 of our 21 and read as machine translations, so the
 * texts come from our own catalog (English for the parts we never show). Set globally, as the
 * imperative dialogs and toasts render outside any provider.
 */
export function applyAntdLocale(t: TFunction) {
  setDefaultConfig({
    locale: {
      ...enUS,
      common: {
        confirm: t('common.confirm'),
        cancel: t('common.cancel'),
        loading: t('app.loading'),
        close: t('common.close'),
      },
      Dialog: { ok: t('common.ok') },
      Modal: { ok: t('common.ok') },
      ImageUploader: { uploading: t('common.uploading'), upload: t('common.upload') },
      InfiniteScroll: {
        noMore: t('common.noMore'),
        failedToLoad: t('common.loadFailed'),
        retry: t('common.retry'),
      },
      Input: { clear: t('common.clear') },
      Mask: { name: t('common.close') },
      PullToRefresh: {
        pulling: t('orders.pullToRefresh'),
        canRelease: t('orders.releaseToRefresh'),
        complete: t('orders.refreshed'),
      },
    },
  });
}
