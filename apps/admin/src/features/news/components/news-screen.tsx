import { PlusOutlined } from '@ant-design/icons';
import { NEWS_STATES, type NewsState, type StaffNewsRow, staffCreateNewsCall } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Flex, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { Page } from '../../../components/page';
import { canUse } from '../../../lib/access';
import { DASH, formatDateTime } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';
import { serverPagination } from '../../../lib/table';
import { pagingOf, positiveInt, useUrlState } from '../../../lib/use-url-state';
import { newsKeys, useNewsList } from '../api/news';
import { NewsEditorDrawer } from './news-editor-drawer';
import { NewsStateTag } from './news-state-tag';

const ALL = 'all';
/** `edit`: the article open in the editor (`new` for one being written), kept in the URL. */
const DEFAULTS = { state: ALL, page: '1', pageSize: '20', edit: '' };
const NEW = 'new';
const isState = (v: string): v is NewsState => (NEWS_STATES as readonly string[]).includes(v);

/**
 * News (content role, DESIGN §8): the articles with their state (draft, scheduled with its time,
 * published), filtered by state, and the editor in a large drawer.
 */
export function NewsScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const [url, patch] = useUrlState(DEFAULTS);
  const state = isState(url.state) ? url.state : undefined;
  const paging = pagingOf(url);
  const list = useNewsList({ ...(state ? { state } : {}), ...paging });
  const canWrite = canUse(staff.role, staffCreateNewsCall);
  const editing = url.edit === NEW ? null : positiveInt(url.edit, 0) || undefined;
  // An article first saved from `new` keeps its drawer (and what is being typed) when the URL
  // takes its id.
  const [createdId, setCreatedId] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...newsKeys.all, 'list'] });

  const columns: ColumnsType<StaffNewsRow> = [
    {
      title: t('news.columns.title'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Flex gap={12} align="center" style={{ minWidth: 220, maxWidth: 480 }}>
          <Avatar shape="square" size={40} src={row.logo || undefined} alt="" style={{ flex: 'none' }} />
          <Typography.Text ellipsis={{ tooltip: title }}>{title || DASH}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('news.columns.languages'),
      dataIndex: 'languages',
      render: (langs: string[]) => (
        <Flex gap={4} wrap>
          {langs.map((l) => (
            <Tag key={l}>{l}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('news.columns.state'),
      dataIndex: 'state',
      render: (s: NewsState, row) => <NewsStateTag state={s} publishAt={row.publishAt} />,
    },
    { title: t('news.columns.createdBy'), dataIndex: 'createdBy', render: (v: string) => v || DASH },
    { title: t('news.columns.updatedAt'), dataIndex: 'updatedAt', render: formatDateTime },
    { title: t('news.columns.id'), dataIndex: 'id' },
    ...(canWrite
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: StaffNewsRow) => (
              <Button size="small" onClick={() => patch({ edit: String(row.id) })}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Page
      title={t('nav.news')}
      extra={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => patch({ edit: NEW })}>
            {t('news.new')}
          </Button>
        ) : null
      }
    >
      <Card>
        <Tabs
          activeKey={state ?? ALL}
          onChange={(key) => patch({ state: key, page: '1' })}
          items={[ALL, ...NEWS_STATES].map((key) => ({ key, label: t(`news.filter.${key}`) }))}
        />
        {list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<StaffNewsRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: state ? t('news.emptyState') : t('news.empty') }}
            pagination={serverPagination(t, paging, list.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
      {editing !== undefined && canWrite ? (
        <NewsEditorDrawer
          key={url.edit === createdId ? NEW : url.edit}
          articleId={editing}
          onClose={() => patch({ edit: '' })}
          onSaved={(article) => {
            refresh();
            if (url.edit === NEW) {
              setCreatedId(String(article.id));
              patch({ edit: String(article.id) });
            }
          }}
        />
      ) : null}
    </Page>
  );
}
