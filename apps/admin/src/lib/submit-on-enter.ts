import type { FormInstance } from 'antd';
import type { KeyboardEvent } from 'react';

/**
 * Enter in a dialog's text box sends its form (antd's Save sits outside the form, so the browser's
 * own Enter does nothing), the form's rules first: an invalid form shows why and is not sent.
 * Shift+Enter still makes a new line in a text area; Enter that ends an IME composition (Chinese
 * input picks its characters with it) is left to the IME.
 */
export const submitOnEnter =
  (form: FormInstance) =>
  (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    form.submit();
  };
