export { UserScreen as Component } from '../../features/user/components/user-screen';
