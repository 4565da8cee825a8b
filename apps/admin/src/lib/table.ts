import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';

/** Server-side paging of a list screen: the page and size come from the URL, the total from the answer. */
export function serverPagination(
  t: TFunction,
  paging: { page: number; pageSize: number },
  total: number | undefined,
  onChange: (page: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: paging.page,
    pageSize: paging.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100, 200],
    showTotal: (count) => t('common.total', { count }),
    onChange: (page, pageSize) => onChange(pageSize === paging.pageSize ? page : 1, pageSize),
  };
}
