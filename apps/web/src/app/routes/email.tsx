export { EmailScreen as Component } from '../../features/user/components/email-screen';
