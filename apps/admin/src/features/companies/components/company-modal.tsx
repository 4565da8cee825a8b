import { COMPANY_STATUS, type StaffCompany, staffSaveCompanyCall } from '@meridian/contracts';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ImageUploadField } from '../../../components/image-upload-field';
import { contractRule } from '../../../lib/contract-rule';
import { type CompanyBody, saveCompany, uploadCompanyLogo } from '../api/companies';

const fields = staffSaveCompanyCall.body!.shape;

type Values = Omit<CompanyBody, 'id'>;
/** The start of every web address the form takes (not text to translate). */
const URL_START = 'https://';

const NEW_COMPANY: Values = {
  name: '',
  logo: '',
  url: '',
  subject: '',
  registeredAddress: '',
  location: '',
  email: '',
  status: COMPANY_STATUS.ACTIVE,
  lossUrl: '',
};

const trimmed = (v: Values): Values => ({
  name: v.name.trim(),
  logo: v.logo ?? '',
  url: v.url.trim(),
  subject: (v.subject ?? '').trim(),
  registeredAddress: (v.registeredAddress ?? '').trim(),
  location: (v.location ?? '').trim(),
  email: (v.email ?? '').trim(),
  status: v.status,
  lossUrl: (v.lossUrl ?? '').trim(),
});

/**
 * New / Edit company (content role): name, logo, website, main company, addresses, contact e-mail,
 * status and loss URL, checked with the contract's rules (the loss URL is required once the company
 * is suspended). The server audits the change.
 */
export function CompanyModal({
  company,
  onClose,
  onDone,
}: {
  /** The company to edit, or null for a new one. */
  company: StaffCompany | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const status = Form.useWatch('status', form);
  const suspended = status !== undefined && status !== COMPANY_STATUS.ACTIVE;
  const initialValues: Values = company
    ? {
        name: company.name,
        logo: company.logo,
        url: company.url,
        subject: company.subject,
        registeredAddress: company.registeredAddress,
        location: company.location,
        email: company.email,
        status: company.status,
        lossUrl: company.lossUrl,
      }
    : NEW_COMPANY;
  const urlRule = (field: keyof typeof fields) => contractRule(fields[field], t('companies.urlRule'));
  return (
    <FormModal<Values>
      form={form}
      title={company ? t('companies.editTitle', { name: company.name }) : t('companies.new')}
      initialValues={initialValues}
      save={(v) => saveCompany({ ...(company ? { id: company.id } : {}), ...trimmed(v) })}
      successText={(_answer, v) =>
        t(company ? 'companies.saved' : 'companies.created', { name: v.name.trim() })
      }
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item
        name="name"
        label={t('companies.fields.name')}
        rules={[
          { required: true, whitespace: true, message: t('companies.nameRequired') },
          contractRule(fields.name, t('companies.nameRule')),
        ]}
      >
        <Input maxLength={100} autoFocus />
      </Form.Item>
      <Form.Item name="logo" label={t('companies.fields.logo')}>
        <ImageUploadField upload={uploadCompanyLogo} alt={t('companies.fields.logo')} />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('companies.fields.url')}
        extra={t('companies.urlHelp')}
        rules={[{ required: true, whitespace: true, message: t('companies.urlRequired') }, urlRule('url')]}
      >
        <Input inputMode="url" maxLength={500} placeholder={URL_START} />
      </Form.Item>
      <Form.Item
        name="subject"
        label={t('companies.fields.subject')}
        rules={[contractRule(fields.subject, t('companies.textRule'))]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="registeredAddress"
        label={t('companies.fields.registeredAddress')}
        rules={[contractRule(fields.registeredAddress, t('companies.textRule'))]}
      >
        <Input.TextArea rows={2} maxLength={300} />
      </Form.Item>
      <Form.Item
        name="location"
        label={t('companies.fields.location')}
        rules={[contractRule(fields.location, t('companies.textRule'))]}
      >
        <Input.TextArea rows={2} maxLength={300} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('companies.fields.email')}
        rules={[contractRule(fields.email, t('companies.emailRule'))]}
      >
        <Input type="email" inputMode="email" maxLength={200} />
      </Form.Item>
      <Form.Item name="status" label={t('companies.fields.status')}>
        <Radio.Group
          options={[
            { value: COMPANY_STATUS.ACTIVE, label: t(`companies.statuses.${COMPANY_STATUS.ACTIVE}`) },
            { value: COMPANY_STATUS.SUSPENDED, label: t(`companies.statuses.${COMPANY_STATUS.SUSPENDED}`) },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="lossUrl"
        label={t('companies.fields.lossUrl')}
        extra={t('companies.lossUrlHelp')}
        dependencies={['status']}
        required={suspended}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_: unknown, value: string | undefined) =>
              getFieldValue('status') !== COMPANY_STATUS.ACTIVE && !(value ?? '').trim()
                ? Promise.reject(new Error(t('companies.lossUrlRequired')))
                : Promise.resolve(),
          }),
          urlRule('lossUrl'),
        ]}
      >
        <Input inputMode="url" maxLength={500} placeholder={URL_START} />
      </Form.Item>
    </FormModal>
  );
}
