export { PasswordScreen as Component } from '../../features/user/components/password-screen';
