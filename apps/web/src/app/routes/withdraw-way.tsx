export { WithdrawWayScreen as Component } from '../../features/wallet/components/withdraw-way-screen';
