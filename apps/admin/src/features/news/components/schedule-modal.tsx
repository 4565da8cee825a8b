import { DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** Whether a chosen publish time is still ahead (the server refuses a past one for scheduling). */
export function isFutureTime(value: Dayjs | null | undefined, now: Dayjs = dayjs()): boolean {
  return !!value && value.isValid() && value.isAfter(now);
}

/**
 * Schedule: a date and time (the staff member's local time) from which traders see the article;
 * it must be in the future. `onSubmit` gets it as an ISO time.
 */
export function ScheduleModal({
  initial,
  live,
  busy,
  onCancel,
  onSubmit,
}: {
  /** The time already scheduled, if any. */
  initial: string | null;
  /** The article is in the app now: scheduling takes it out until the time. */
  live: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (publishAt: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ at: Dayjs | null }>();
  const start = initial && dayjs(initial).isAfter(dayjs()) ? dayjs(initial) : null;
  return (
    <Modal
      open
      title={t('news.schedule.title')}
      okText={t('news.schedule.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p>{t('news.schedule.description')}</p>
      {live ? <p>{t('news.schedule.live')}</p> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ at: start }}
        onFinish={(v) => {
          if (v.at) onSubmit(v.at.toISOString());
        }}
      >
        <Form.Item
          name="at"
          label={t('news.schedule.at')}
          rules={[
            { required: true, message: t('news.schedule.required') },
            {
              validator: (_: unknown, value: Dayjs | null) =>
                !value || isFutureTime(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('news.schedule.future'))),
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            style={{ width: '100%' }}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
