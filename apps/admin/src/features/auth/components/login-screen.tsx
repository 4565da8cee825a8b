import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { errorText, notifyError } from '../../../lib/notify';
import { getToken } from '../../../lib/session';
import { STAFF_CODES, StaffApiError } from '../../../lib/staff-client';
import { type LoginBody, login } from '../api/login';
import { startSession } from '../session';

interface LoginValues {
  email: string;
  password: string;
  totp?: string;
}

/**
 * Sign-in: e-mail and password; when the server answers STAFF_TOTP_REQUIRED (5102) the same form
 * asks for the 6-digit authenticator code and sends everything again. A role that must have a
 * second factor and has none yet goes on to enrolment (`mustEnrolTotp`).
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LoginValues>();
  const [needsTotp, setNeedsTotp] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: (body: LoginBody) => login(body),
    meta: { silent: true },
    onSuccess: ({ data }) => {
      startSession(queryClient, data);
      navigate(data.mustEnrolTotp ? '/totp' : '/', { replace: true });
    },
    onError: (err) => {
      if (err instanceof StaffApiError && err.code === STAFF_CODES.TOTP_REQUIRED) {
        setNeedsTotp(true);
        setNotice(err.msg);
        return;
      }
      if (needsTotp) form.setFieldValue('totp', '');
      notifyError(errorText(err));
    },
  });

  if (getToken() && !signIn.isPending && !signIn.isSuccess) return <Navigate to="/" replace />;

  const onFinish = (v: LoginValues) => {
    const body: LoginBody = { email: v.email.trim(), password: v.password };
    if (needsTotp && v.totp) body.totp = v.totp.trim();
    signIn.mutate(body);
  };

  const restart = () => {
    setNeedsTotp(false);
    setNotice(null);
    form.resetFields();
  };

  return (
    <AuthCard title={t('login.title')}>
      <Form<LoginValues> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          name="email"
          label={t('login.email')}
          rules={[
            { required: true, message: t('login.emailRequired') },
            { type: 'email', message: t('login.emailInvalid') },
          ]}
          hidden={needsTotp}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
          hidden={needsTotp}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {needsTotp ? (
          <>
            {notice ? <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
            <Form.Item
              name="totp"
              label={t('login.totp')}
              extra={t('login.totpHint')}
              rules={[
                { required: true, message: t('login.totpRequired') },
                { pattern: /^\d{6}$/, message: t('login.totpInvalid') },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
            </Form.Item>
          </>
        ) : null}
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          {t('login.submit')}
        </Button>
        {needsTotp ? (
          <Button type="link" block onClick={restart} style={{ marginTop: 8 }}>
            {t('login.otherAccount')}
          </Button>
        ) : null}
      </Form>
    </AuthCard>
  );
}
