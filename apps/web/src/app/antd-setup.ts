import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 with React 19 (STACK.md pitfall 1): register a createRoot-based renderer once,
 * otherwise imperative APIs (Toast.show, Dialog.confirm) silently render nothing.
 */
type Container = (Element | DocumentFragment) & { __meridianRoot?: Root };

export function setupAntdMobile(): void {
  unstableSetRender((node, container: Container) => {
    container.__meridianRoot ??= createRoot(container);
    const root = container.__meridianRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete container.__meridianRoot;
    };
  });
}
