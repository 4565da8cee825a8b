import { Typography } from 'antd';
import { DASH } from '../lib/format';

/** A JSON value, indented (an audit entry's before and after). */
export function JsonView({ value }: { value: unknown }) {
  if (value === null || value === undefined)
    return <Typography.Text type="secondary">{DASH}</Typography.Text>;
  return <pre className="json-view">{JSON.stringify(value, null, 2)}</pre>;
}
