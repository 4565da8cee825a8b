import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, QRCode, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ErrorState } from '../../../components/error-state';
import type { Me } from '../../../lib/me';
import { meKeys } from '../../../lib/me';
import { notifySuccess } from '../../../lib/notify';
import { getToken } from '../../../lib/session';
import { confirmTotp } from '../api/totp-confirm';
import { useTotpStart } from '../api/totp-start';
import { useSignOut } from '../use-sign-out';

/**
 * TOTP enrolment: the new secret as a QR code (otpauth:// URL) and as text, then a code from the
 * authenticator app confirms it. Until then a role that requires a second factor can do nothing else.
 */
export function TotpEnrolScreen() {
  const hasToken = getToken() !== null;
  return hasToken ? <TotpEnrol /> : <Navigate to="/login" replace />;
}

function TotpEnrol() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const start = useTotpStart();
  const confirm = useMutation({
    mutationFn: (code: string) => confirmTotp(code),
    onSuccess: ({ data, msg }) => {
      queryClient.setQueryData<Me>(meKeys.all, { staff: data.staff, mustEnrolTotp: false });
      notifySuccess(msg);
      navigate('/', { replace: true });
    },
  });

  let body: ReactNode;
  if (start.isPending) body = <Skeleton active />;
  else if (start.isError) body = <ErrorState error={start.error} onRetry={() => void start.refetch()} />;
  else
    body = (
      <Flex vertical gap={16}>
        <Typography.Paragraph>{t('totp.step1')}</Typography.Paragraph>
        <Flex justify="center">
          <QRCode value={start.data.otpauthUrl} size={200} bordered />
        </Flex>
        <Typography.Paragraph>
          {t('totp.step2')}{' '}
          <Typography.Text code copyable={{ text: start.data.secret }}>
            {start.data.secret}
          </Typography.Text>
        </Typography.Paragraph>
        <Form<{ code: string }>
          layout="vertical"
          onFinish={(v) => confirm.mutate(v.code.trim())}
          requiredMark={false}
        >
          <Form.Item
            name="code"
            label={t('totp.code')}
            extra={t('totp.step3')}
            rules={[
              { required: true, message: t('login.totpRequired') },
              { pattern: /^\d{6}$/, message: t('login.totpInvalid') },
            ]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={confirm.isPending}>
            {t('totp.confirm')}
          </Button>
        </Form>
      </Flex>
    );

  return (
    <AuthCard title={t('totp.title')}>
      {body}
      <Button type="link" block onClick={signOut} style={{ marginTop: 8 }}>
        {t('header.logout')}
      </Button>
    </AuthCard>
  );
}
