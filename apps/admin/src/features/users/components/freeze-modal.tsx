import type { StaffUserRow } from '@meridian/contracts';
import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DialogDone, FormModal } from '../../../components/form-modal';
import { ReasonItem } from '../../../components/reason-modal';
import { freezeUser } from '../api/freeze-user';

interface Values {
  login: boolean;
  trading: boolean;
  reason: string;
}

/**
 * Freezes or unfreezes login (sessions end at once) and trading (closing stays allowed). The first
 * switch has focus when it opens; Enter in the reason saves (Shift+Enter: a new line).
 */
export function FreezeModal({ user, ...done }: DialogDone & { user: StaffUserRow }) {
  const { t } = useTranslation();
  return (
    <FormModal
      {...done}
      title={t('userDetail.freeze')}
      initialValues={{ login: user.loginFrozen, trading: user.tradingFrozen, reason: '' }}
      save={(v: Values) =>
        freezeUser(user.id, { login: v.login, trading: v.trading, reason: v.reason.trim() })
      }
      // The state now in force, so a mis-set switch is seen at once.
      successText={({ data }) =>
        t('userDetail.freezeSaved', {
          login: t(data.loginFrozen ? 'users.loginFrozen' : 'users.loginAllowed'),
          trading: t(data.tradingFrozen ? 'users.tradingFrozen' : 'users.tradingAllowed'),
        })
      }
    >
      <Form.Item
        name="login"
        label={t('users.loginFrozen')}
        valuePropName="checked"
        extra={t('userDetail.loginFrozenHint')}
      >
        <Switch autoFocus />
      </Form.Item>
      <Form.Item
        name="trading"
        label={t('users.tradingFrozen')}
        valuePropName="checked"
        extra={t('userDetail.tradingFrozenHint')}
      >
        <Switch />
      </Form.Item>
      <ReasonItem />
    </FormModal>
  );
}
