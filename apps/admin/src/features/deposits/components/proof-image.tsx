import { Alert, Button, Empty, Flex, Image, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useProofBlob } from '../api/deposits';

/**
 * A private image (a deposit's proof): fetched with the staff Authorization header as a Blob and
 * shown through an object URL, since an `<img src>` cannot carry the header.
 */
export function ProofImage({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation();
  const proof = useProofBlob(url);
  const src = useObjectUrl(proof.data);
  if (!url) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wallet.proofMissing')} />;
  if (proof.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('wallet.proofFailed')}
        description={errorText(proof.error)}
        action={
          <Button size="small" onClick={() => void proof.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!src) {
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  }
  return <Image src={src} alt={alt} style={{ maxWidth: '100%', maxHeight: 480, objectFit: 'contain' }} />;
}
