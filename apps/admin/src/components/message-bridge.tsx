import { App } from 'antd';
import { useEffect } from 'react';
import { bindMessageApi } from '../lib/notify';

/** Binds antd's contextual message API for code outside components (query cache, CSV export). */
export function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    bindMessageApi(message);
    return () => bindMessageApi(null);
  }, [message]);
  return null;
}
