import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AMOUNT_LIMITS, LOTS_LIMITS, MULTIPLIER_LIMITS } from '../format';
import { ChoiceChips, DecimalField, SwitchField } from './form-fields';

/** How a follow sizes its copies and limits them (contract: `followStartCall` / `followUpdateCall`). */
export interface CopySettings {
  sizing: 1 | 2;
  multiplier: string;
  /** '' or '0': the instrument's limit only. */
  maxLots: string;
  /** '' or '0': no copy stop loss. */
  stopLoss: string;
  copyOpen: boolean;
}

export const DEFAULT_SETTINGS: CopySettings = {
  sizing: 1,
  multiplier: '1',
  maxLots: '',
  stopLoss: '',
  copyOpen: false,
};

/**
 * The settings the follow form and the edit form share: sizing mode and multiplier, maximum lots a
 * copy, the copy stop loss (an equity level in USD), and whether the provider's open positions are
 * copied too (`copyOpenHint` says how many there are, when known).
 */
export function SettingsFields({
  value,
  onChange,
  copyOpenHint,
}: {
  value: CopySettings;
  onChange: (patch: Partial<CopySettings>) => void;
  copyOpenHint?: string;
}) {
  const { t } = useTranslation();
  const ids = { multiplier: useId(), maxLots: useId(), stopLoss: useId(), copyOpen: useId() };
  return (
    <>
      <ChoiceChips
        legend={t('copy.form.sizing')}
        choices={[
          { value: 1 as const, label: t('copy.form.sizingRatio') },
          { value: 2 as const, label: t('copy.form.sizingFixed') },
        ]}
        value={value.sizing}
        onChange={(sizing) => onChange({ sizing })}
        testId="copy-sizing"
      />
      <DecimalField
        id={ids.multiplier}
        label={t('copy.form.multiplier')}
        value={value.multiplier}
        onChange={(multiplier) => onChange({ multiplier })}
        limits={MULTIPLIER_LIMITS}
        suffix="×"
        hint={t(value.sizing === 1 ? 'copy.form.sizingRatioHint' : 'copy.form.sizingFixedHint')}
        testId="copy-multiplier"
      />
      <DecimalField
        id={ids.maxLots}
        label={t('copy.form.maxLots')}
        value={value.maxLots}
        onChange={(maxLots) => onChange({ maxLots })}
        limits={LOTS_LIMITS}
        placeholder={t('copy.form.noLimit')}
        testId="copy-max-lots"
      />
      <DecimalField
        id={ids.stopLoss}
        label={t('copy.form.stopLoss')}
        value={value.stopLoss}
        onChange={(stopLoss) => onChange({ stopLoss })}
        limits={AMOUNT_LIMITS}
        placeholder={t('copy.form.none')}
        suffix={t('wallet.usd')}
        hint={t('copy.form.stopLossHint')}
        testId="copy-stop-loss"
      />
      <SwitchField
        id={ids.copyOpen}
        label={t('copy.form.copyOpen')}
        hint={copyOpenHint}
        checked={value.copyOpen}
        onChange={(copyOpen) => onChange({ copyOpen })}
        testId="copy-open"
      />
    </>
  );
}
