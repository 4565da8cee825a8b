import { describe, expect, it } from 'vitest';
import en from '../../../packages/i18n/locales/en/web.json';
import { checkLogin, checkRegister, checkReset, checkSendCode } from '../src/features/auth/validation';
import { inviteLink } from '../src/features/user/invite-link';
import { checkAmendPassword } from '../src/features/user/validation';

/** The English text of a catalog key, to read the table below in the spec's own words. */
const text = (key: string | undefined) =>
  key === undefined
    ? undefined
    : key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en);

describe('login (spec §5)', () => {
  it.each([
    [{ mode: 'email', account: '', password: '' }, 'Please enter email'],
    [{ mode: 'email', account: '   ', password: 'x' }, 'Please enter email'],
    [{ mode: 'mobile', account: '', password: 'x' }, 'Please enter phone number'],
    [{ mode: 'email', account: 'a@b.co', password: '' }, 'Please enter password'],
    [{ mode: 'mobile', account: '91234567', password: 'secret' }, undefined],
  ] as const)('%o → %s', (input, message) => {
    expect(text(checkLogin(input))).toBe(message);
  });
});

describe('register (spec §5)', () => {
  const ok = {
    account: 'a@b.co',
    password: 'Passw0rd',
    repeat: 'Passw0rd',
    inviteCode: 'ABCD1234',
    code: '123456',
  };
  it.each([
    ['account', { ...ok, account: ' ' }, 'Please complete'],
    ['password', { ...ok, password: '' }, 'Please complete'],
    ['repeat', { ...ok, repeat: '' }, 'Please complete'],
    ['invite code', { ...ok, inviteCode: '' }, 'Please complete'],
    ['code or picture code', { ...ok, code: '' }, 'Please complete'],
    ['different passwords', { ...ok, repeat: 'Passw0rd!' }, 'Password inconsistency'],
    ['everything', ok, undefined],
  ])('%s', (_name, input, message) => {
    expect(text(checkRegister(input))).toBe(message);
  });

  it('asks for everything before comparing the passwords', () => {
    expect(text(checkRegister({ ...ok, repeat: 'other', code: '' }))).toBe('Please complete');
  });
});

describe('reset password (spec §5)', () => {
  const ok = { mode: 'email' as const, account: 'a@b.co', password: 'Passw0rd', repeat: 'Passw0rd' };
  it.each([
    ['new empty', { ...ok, password: '' }, 'input full'],
    ['repeat empty', { ...ok, repeat: '' }, 'input full'],
    ['different', { ...ok, repeat: 'Passw0rd2' }, 'passwords not equal'],
    ['no account', { ...ok, account: '' }, 'Please enter email'],
    ['no account (mobile)', { ...ok, mode: 'mobile' as const, account: '' }, 'Please enter phone number'],
    ['complete (the code has no required rule)', ok, undefined],
  ])('%s', (_name, input, message) => {
    expect(text(checkReset(input))).toBe(message);
  });

  it('needs the target before sending a code', () => {
    expect(text(checkSendCode({ mode: 'email', account: '' }))).toBe('Please enter email');
    expect(text(checkSendCode({ mode: 'mobile', account: '' }))).toBe('Please enter phone number');
    expect(checkSendCode({ mode: 'email', account: 'a@b.co' })).toBeUndefined();
  });
});

describe('change password', () => {
  const ok = { oldPassword: 'Old-pass1', password: 'New-pass1', repeat: 'New-pass1' };
  it.each([
    ['old empty', { ...ok, oldPassword: '' }, 'input full'],
    ['new empty', { ...ok, password: '' }, 'input full'],
    ['repeat empty', { ...ok, repeat: '' }, 'input full'],
    ['different', { ...ok, repeat: 'New-pass2' }, 'passwords not equal'],
    ['complete', ok, undefined],
  ])('%s', (_name, input, message) => {
    expect(text(checkAmendPassword(input))).toBe(message);
  });
});

describe('invitation link (spec §2)', () => {
  it.each([
    ['http://127.0.0.1:8080', '/', 'http://127.0.0.1:8080/#/register?invite_code=AB12CD34'],
    ['https://www.example.com', '/index.html', 'https://www.example.com/#/register?invite_code=AB12CD34'],
    ['https://www.example.com', '/app/', 'https://www.example.com/app/#/register?invite_code=AB12CD34'],
  ])('%s%s', (origin, pathname, link) => {
    expect(inviteLink('AB12CD34', { origin, pathname })).toBe(link);
  });
});
