import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's title row (title left, actions right) above its content. */
export function Page({
  title,
  extra,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra ? <Flex gap={8}>{extra}</Flex> : null}
      </Flex>
      {children}
    </Flex>
  );
}
