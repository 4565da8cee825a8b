import type { ComponentType } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { RequireSession, ScreenGate } from './require-session';
import { BootFallback, RouteError } from './route-error';

/** A lazy route whose module exports the screen component under `name`. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * Every screen of the back office (hash router: /admin/#/users/12). Each screen is its own chunk;
 * a screen's route is gated by the contract call it needs (app/screens.ts).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: BootFallback,
    errorElement: <RouteError />,
    children: [
      {
        path: 'login',
        lazy: screen(() => import('../features/auth/components/login-screen'), 'LoginScreen'),
      },
      {
        path: 'totp',
        lazy: screen(() => import('../features/auth/components/totp-enrol-screen'), 'TotpEnrolScreen'),
      },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: screen(() => import('./admin-layout'), 'AdminLayout'),
            children: [
              {
                index: true,
                lazy: screen(
                  () => import('../features/dashboard/components/dashboard-screen'),
                  'DashboardScreen',
                ),
              },
              {
                path: 'users',
                element: <ScreenGate screen="users" />,
                children: [
                  {
                    index: true,
                    lazy: screen(() => import('../features/users/components/users-screen'), 'UsersScreen'),
                  },
                  {
                    path: ':id',
                    lazy: screen(
                      () => import('../features/users/components/user-detail-screen'),
                      'UserDetailScreen',
                    ),
                  },
                ],
              },
              {
                path: 'positions',
                element: <ScreenGate screen="positions" />,
                children: [
                  {
                    index: true,
                    lazy: screen(
                      () => import('../features/positions/components/positions-screen'),
                      'PositionsScreen',
                    ),
                  },
                ],
              },
              {
                path: 'deposits',
                element: <ScreenGate screen="deposits" />,
                children: [
                  {
                    index: true,
                    lazy: screen(
                      () => import('../features/deposits/components/deposits-screen'),
                      'DepositsScreen',
                    ),
                  },
                ],
              },
              {
                path: 'withdrawals',
                element: <ScreenGate screen="withdrawals" />,
                children: [
                  {
                    index: true,
                    lazy: screen(
                      () => import('../features/withdrawals/components/withdrawals-screen'),
                      'WithdrawalsScreen',
                    ),
                  },
                ],
              },
              {
                path: 'real-names',
                element: <ScreenGate screen="realNames" />,
                children: [
                  {
                    index: true,
                    lazy: screen(
                      () => import('../features/real-names/components/real-names-screen'),
                      'RealNamesScreen',
                    ),
                  },
                ],
              },
              {
                path: 'copy',
                children: [
                  { index: true, element: <Navigate to="providers" replace /> },
                  {
                    path: 'providers',
                    element: <ScreenGate screen="copyProviders" />,
                    children: [
                      {
                        index: true,
                        lazy: screen(
                          () => import('../features/copy-trading/components/providers-screen'),
                          'ProvidersScreen',
                        ),
                      },
                    ],
                  },
                  {
                    path: 'follows',
                    element: <ScreenGate screen="copyFollows" />,
                    children: [
                      {
                        index: true,
                        lazy: screen(
                          () => import('../features/copy-trading/components/follows-screen'),
                          'FollowsScreen',
                        ),
                      },
                    ],
                  },
                  {
                    path: 'refusals',
                    element: <ScreenGate screen="copyRefusals" />,
                    children: [
                      {
                        index: true,
                        lazy: screen(
                          () => import('../features/copy-trading/components/refusals-screen'),
                          'RefusalsScreen',
                        ),
                      },
                    ],
                  },
                  {
                    path: 'fees',
                    element: <ScreenGate screen="copyFees" />,
                    children: [
                      {
                        index: true,
                        lazy: screen(
                          () => import('../features/copy-trading/components/fees-screen'),
                          'FeesScreen',
                        ),
                      },
                    ],
                  },
                ],
              },
              {
                path: 'news',
                element: <ScreenGate screen="news" />,
                children: [
                  {
                    index: true,
                    lazy: screen(() => import('../features/news/components/news-screen'), 'NewsScreen'),
                  },
                ],
              },
              {
                path: 'companies',
                element: <ScreenGate screen="companies" />,
                children: [
                  {
                    index: true,
                    lazy: screen(
                      () => import('../features/companies/components/companies-screen'),
                      'CompaniesScreen',
                    ),
                  },
                ],
              },
              {
                path: 'wallet',
                element: <ScreenGate screen="wallet" />,
                children: [
                  {
                    index: true,
                    lazy: screen(
                      () => import('../features/wallet-settings/components/wallet-settings-screen'),
                      'WalletSettingsScreen',
                    ),
                  },
                ],
              },
              {
                path: 'instruments',
                element: <ScreenGate screen="instruments" />,
                children: [
                  {
                    index: true,
                    lazy: screen(
                      () => import('../features/instruments/components/instruments-screen'),
                      'InstrumentsScreen',
                    ),
                  },
                ],
              },
              {
                path: 'settings',
                element: <ScreenGate screen="settings" />,
                children: [
                  {
                    index: true,
                    lazy: screen(
                      () => import('../features/settings/components/settings-screen'),
                      'SettingsScreen',
                    ),
                  },
                ],
              },
              {
                path: 'outbox',
                element: <ScreenGate screen="outbox" />,
                children: [
                  {
                    index: true,
                    lazy: screen(() => import('../features/outbox/components/outbox-screen'), 'OutboxScreen'),
                  },
                ],
              },
              {
                path: 'audit',
                element: <ScreenGate screen="audit" />,
                children: [
                  {
                    index: true,
                    lazy: screen(() => import('../features/audit/components/audit-screen'), 'AuditScreen'),
                  },
                ],
              },
              {
                path: 'staff',
                element: <ScreenGate screen="staff" />,
                children: [
                  {
                    index: true,
                    lazy: screen(() => import('../features/staff/components/staff-screen'), 'StaffScreen'),
                  },
                ],
              },
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createHashRouter(routes);
