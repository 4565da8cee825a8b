import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch';

/** The signed-out screens' frame: a centred card under the product name, language switch on top. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" justify="center" className="auth-page">
      <Flex justify="flex-end" className="auth-page__lang">
        <LanguageSwitch />
      </Flex>
      <Typography.Title level={3}>{t('app.title')}</Typography.Title>
      <Card title={title} className="auth-card">
        {children}
      </Card>
    </Flex>
  );
}
