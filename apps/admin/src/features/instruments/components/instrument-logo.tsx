import { Avatar } from 'antd';

/**
 * An instrument's logo (a URL path under /static/ on the API server), square; its first letters
 * when there is none or the image does not load.
 */
export function InstrumentLogo({ code, logo, size = 28 }: { code: string; logo: string; size?: number }) {
  return (
    <Avatar shape="square" size={size} src={logo || undefined} alt={code} style={{ flex: 'none' }}>
      {code.slice(0, 2)}
    </Avatar>
  );
}
