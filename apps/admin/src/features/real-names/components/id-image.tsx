import { Alert, Button, Empty, Flex, Image, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useIdImageBlob } from '../api/real-names';

/**
 * One side of an ID card: a private image fetched with the staff Authorization header and shown
 * through an object URL (an `<img src>` cannot carry the header). A click opens antd's viewer,
 * whose toolbar zooms, rotates and flips; inside an Image.PreviewGroup it steps to the other side.
 */
export function IdImage({ url, title, alt }: { url: string; title: string; alt: string }) {
  const { t } = useTranslation();
  const blob = useIdImageBlob(url);
  const src = useObjectUrl(blob.data);
  let body: ReactNode;
  if (!url) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('realNames.imageMissing')} />;
  else if (blob.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('realNames.imageFailed')}
        description={errorText(blob.error)}
        action={
          <Button size="small" onClick={() => void blob.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!src) {
    body = (
      <Flex justify="center" align="center" style={{ minHeight: 200 }}>
        <Spin />
      </Flex>
    );
  } else {
    body = (
      <Image
        src={src}
        alt={alt}
        width="100%"
        style={{ maxHeight: 320, objectFit: 'contain', background: '#fafafa' }}
      />
    );
  }
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{title}</Typography.Text>
      {body}
    </Flex>
  );
}
