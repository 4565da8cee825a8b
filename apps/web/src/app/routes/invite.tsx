export { InviteScreen as Component } from '../../features/user/components/invite-screen';
