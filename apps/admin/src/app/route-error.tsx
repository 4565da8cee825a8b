import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A screen chunk failed to load (offline, or a new deployment replaced it): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.warn('[router] screen failed', error);
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

export function BootFallback() {
  return (
    <div id="boot" aria-hidden="true">
      <i />
    </div>
  );
}
