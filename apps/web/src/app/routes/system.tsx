export { SystemScreen as Component } from '../../features/user/components/system-screen';
