import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormField, formStyles } from '../../../components/form-controls';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import type { CodePurpose } from '../api/send-code';
import { useSendCode } from '../api/use-send-code';
import type { AccountInput } from '../hooks/use-account-input';
import { RESEND_SECONDS, useCountdown } from '../hooks/use-countdown';
import { checkSendCode } from '../validation';

interface CodeFieldProps {
  id: string;
  input: AccountInput;
  purpose: CodePurpose;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The e-mailed/texted code with its send button; after a send the button counts down 60 s
 * (spec §4). The server's msg is shown on success and on refusal (spec §8).
 */
export function CodeField({ id, input, purpose, value, onChange }: CodeFieldProps) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const sendCode = useSendCode();
  const submit = useSubmit();

  const send = () => {
    if (remaining > 0) return;
    void submit(
      () => checkSendCode({ mode: input.mode, account: input.value }),
      async () => {
        const { mode, account, areaId } = input.fields;
        const envelope = await sendCode.mutateAsync({ mode, to: account, areaId, purpose });
        if (envelope.msg) toast(envelope.msg);
        start(envelope.data?.resend_after || RESEND_SECONDS);
      },
    );
  };

  return (
    <FormField id={id} label={t('form.code')}>
      <Input
        id={id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('form.codePlaceholder')}
        value={value}
        onChange={onChange}
      />
      <button
        type="button"
        className={formStyles.inlineButton}
        onClick={send}
        disabled={sendCode.isPending || remaining > 0}
        data-testid="send-code"
      >
        {remaining > 0 ? t('form.resendIn', { seconds: remaining }) : t('form.sendCode')}
      </button>
    </FormField>
  );
}
