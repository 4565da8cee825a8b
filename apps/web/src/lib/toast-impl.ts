import { Toast } from 'antd-mobile';

export const showToast = (content: string) => {
  Toast.show({ content, position: 'center', duration: 2000 });
};

export const showSpinner = () => Toast.show({ icon: 'loading', duration: 0, maskClickable: false });
