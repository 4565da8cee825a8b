import { describe, expect, it } from 'vitest';
import { privateFileNameIn, staffMayRead } from './private-file.ts';

const NAME = '0f8fad5b-d9cb-469f-a165-70867728950e.png';

describe('privateFileNameIn', () => {
  it('reads the stored name from the path the upload call returned, or a full URL ending in it', () => {
    expect(privateFileNameIn(`/api/common/file/${NAME}`)).toBe(NAME);
    expect(privateFileNameIn(`https://app.example.com/api/common/file/${NAME}`)).toBe(NAME);
    expect(privateFileNameIn(`http://127.0.0.1:8080/api/common/file/${NAME}`)).toBe(NAME);
  });

  it('refuses anything else', () => {
    for (const url of [
      '',
      NAME,
      `/static/upload/${NAME}`,
      `/admin-api/v1/files/${NAME}`,
      `/api/common/file/../${NAME}`,
      `/api/common/file/x/${NAME}`,
      `https://evil.example/x/api/common/file/${NAME}`,
      `https://user@evil.example/api/common/file/${NAME}`,
      `javascript:/api/common/file/${NAME}`,
      `//evil.example/api/common/file/${NAME}`,
      `/api/common/file/${NAME}?x=1`,
      '/api/common/file/0f8fad5b.png',
      `/api/common/file/${NAME.replace('.png', '.svg')}`,
    ])
      expect(privateFileNameIn(url), url).toBeNull();
  });
});

describe('staffMayRead', () => {
  it('shows deposit proofs to finance, compliance and support, ID images to compliance only', () => {
    expect(
      ['finance', 'compliance', 'support', 'owner'].every((r) => staffMayRead(r as never, 'proof')),
    ).toBe(true);
    expect(staffMayRead('dealer', 'proof')).toBe(false);
    expect(staffMayRead('compliance', 'kyc')).toBe(true);
    expect(staffMayRead('owner', 'kyc')).toBe(true);
    for (const role of ['finance', 'support', 'dealer', 'content'] as const)
      expect(staffMayRead(role, 'kyc'), role).toBe(false);
    expect(staffMayRead('compliance', 'something-new')).toBe(false);
  });
});
