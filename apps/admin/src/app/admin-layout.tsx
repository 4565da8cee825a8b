import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CopyOutlined,
  DashboardOutlined,
  DollarOutlined,
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
  StopOutlined,
  TeamOutlined,
  UserOutlined,
  UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Flex, Layout, Menu, type MenuProps, Spin, Tag, Typography } from 'antd';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { ChangePasswordModal } from '../features/auth/components/change-password-modal';
import { useSignOut } from '../features/auth/use-sign-out';
import { useSignedInStaff } from '../lib/me';
import { type MenuGroupKey, menuOf, type ScreenKey, screenOfPath } from './screens';

const ICONS: Record<ScreenKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  users: <UserOutlined />,
  positions: <LineChartOutlined />,
  deposits: <ImportOutlined />,
  withdrawals: <ExportOutlined />,
  realNames: <IdcardOutlined />,
  copyProviders: <UserSwitchOutlined />,
  copyFollows: <TeamOutlined />,
  copyRefusals: <StopOutlined />,
  copyFees: <DollarOutlined />,
  news: <ReadOutlined />,
  companies: <BankOutlined />,
  wallet: <WalletOutlined />,
  instruments: <AppstoreOutlined />,
  settings: <SettingOutlined />,
  outbox: <MailOutlined />,
  audit: <AuditOutlined />,
  staff: <TeamOutlined />,
};

const GROUP_ICONS: Record<MenuGroupKey, ReactNode> = {
  copy: <CopyOutlined />,
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

  const current = screenOfPath(pathname);
  const selected = current?.key;
  // The open submenus: the one holding the screen shown opens when it is reached (a link, a reload).
  const [openKeys, setOpenKeys] = useState<string[]>(current?.group ? [current.group] : []);
  const currentGroup = current?.group;
  useEffect(() => {
    if (currentGroup) setOpenKeys((keys) => (keys.includes(currentGroup) ? keys : [...keys, currentGroup]));
  }, [currentGroup]);
  const screenItem = (s: { key: string; path: string; label: string }) => ({
    key: s.key,
    icon: ICONS[s.key as ScreenKey],
    label: <Link to={s.path}>{t(s.label)}</Link>,
  });
  const items: MenuProps['items'] = menuOf(staff.role).map((entry) =>
    entry.kind === 'screen'
      ? screenItem(entry.screen)
      : {
          key: entry.key,
          icon: GROUP_ICONS[entry.key],
          label: t(entry.label),
          children: entry.screens.map(screenItem),
        },
  );

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
          // Collapsed, a submenu is a pop-up the menu opens and closes itself.
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
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
