export { LoginScreen as Component } from '../../features/auth/components/login-screen';
