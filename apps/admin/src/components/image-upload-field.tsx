import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify';

/** What the server takes as a public image (checked again there, by content, and re-encoded). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Whether a picked file may be sent: a PNG, JPEG or WebP of at most 5 MB. */
export function isAcceptableImage(file: { type: string; size: number }): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(file.type) && file.size <= IMAGE_MAX_BYTES;
}

/**
 * A form control holding the URL of a public image (a company logo, an article's cover): the image
 * as it is now, Upload (sent at once with `upload`, which answers the new URL) and Remove. The URL
 * is saved with the rest of the form. `alt` names the image for screen readers.
 */
export function ImageUploadField({
  value,
  onChange,
  upload,
  alt,
  size = 64,
  disabled,
}: {
  value?: string;
  onChange?: (url: string) => void;
  upload: (file: Blob) => Promise<string>;
  alt: string;
  size?: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const send = useMutation({ mutationFn: upload, onSuccess: (url) => onChange?.(url) });
  return (
    <Flex gap={12} align="center" wrap>
      <Avatar shape="square" size={size} src={value || undefined} alt={alt} style={{ flex: 'none' }}>
        {value ? null : <UploadOutlined />}
      </Avatar>
      <Flex vertical gap={4} align="start">
        <Flex gap={8} wrap>
          <Upload
            accept={IMAGE_TYPES.join(',')}
            maxCount={1}
            multiple={false}
            showUploadList={false}
            disabled={disabled || send.isPending}
            beforeUpload={(file) => {
              if (isAcceptableImage(file)) return true;
              notifyError(t('imageUpload.rule'));
              return Upload.LIST_IGNORE;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              send.mutateAsync(file as Blob).then(
                (url) => onSuccess?.(url),
                (err: unknown) => onError?.(err as Error),
              );
            }}
          >
            <Button icon={<UploadOutlined />} loading={send.isPending} disabled={disabled}>
              {value ? t('imageUpload.replace') : t('imageUpload.upload')}
            </Button>
          </Upload>
          {value ? (
            <Button
              icon={<DeleteOutlined />}
              disabled={disabled || send.isPending}
              onClick={() => onChange?.('')}
            >
              {t('imageUpload.remove')}
            </Button>
          ) : null}
        </Flex>
        <Typography.Text type="secondary">{t('imageUpload.hint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
