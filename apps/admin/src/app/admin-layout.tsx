import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  ExportOutlined,
  IdcardOutlined,
  ImportOutlined,
  KeyOutlined,
  LineChartOutlined,
  LockOutlined,
  LogoutOutlined,
  MailOutlined,
  ReadOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Flex, Layout, Menu, type MenuProps, Spin, Tag, Typography } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { ChangePasswordModal } from '../features/auth/components/change-password-modal';
import { useSignOut } from '../features/auth/use-sign-out';
import { useSignedInStaff } from '../lib/me';
import { type ScreenKey, screenOfPath, visibleScreens } from './screens';

const ICONS: Record<ScreenKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  users: <UserOutlined />,
  positions: <LineChartOutlined />,
  deposits: <ImportOutlined />,
  withdrawals: <ExportOutlined />,
  realNames: <IdcardOutlined />,
  news: <ReadOutlined />,
  companies: <BankOutlined />,
  wallet: <WalletOutlined />,
  instruments: <AppstoreOutlined />,
  settings: <SettingOutlined />,
  outbox: <MailOutlined />,
  audit: <AuditOutlined />,
  staff: <TeamOutlined />,
};

/**
 * The signed-in frame: a side menu of the screens the role may use (from the contracts' access
 * lists), a header with the member's name and role, language, password, second factor and logout.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [collapsed, setCollapsed] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  const screens = visibleScreens(staff.role);
  const selected = screenOfPath(pathname)?.key;
  const items: MenuProps['items'] = screens.map((s) => ({
    key: s.key,
    icon: ICONS[s.key as ScreenKey],
    label: <Link to={s.path}>{t(s.label)}</Link>,
  }));

  const accountItems: MenuProps['items'] = [
    { key: 'password', icon: <LockOutlined />, label: t('header.changePassword') },
    ...(staff.totpEnabled ? [] : [{ key: 'totp', icon: <SafetyOutlined />, label: t('header.twoFactor') }]),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
  ];
  const onAccount: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') setPasswordOpen(true);
    else if (key === 'totp') navigate('/totp');
    else if (key === 'logout') signOut();
  };

  return (
    <Layout className="admin-layout">
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} breakpoint="lg" width={220}>
        <div className="admin-brand">{collapsed ? <KeyOutlined /> : t('app.name')}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={items}
          aria-label={t('nav.label')}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <Flex justify="flex-end" align="center" gap={12} style={{ height: '100%' }}>
            <LanguageSwitch />
            <Dropdown menu={{ items: accountItems, onClick: onAccount }} trigger={['click']}>
              <Button type="text" icon={<UserOutlined />}>
                <Typography.Text strong>{staff.name}</Typography.Text>
                <Tag color="blue">{t(`roles.${staff.role}`)}</Tag>
              </Button>
            </Dropdown>
            <Button icon={<LogoutOutlined />} onClick={signOut}>
              {t('header.logout')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content className="admin-content">
          <Suspense fallback={<Spin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Layout>
  );
}
