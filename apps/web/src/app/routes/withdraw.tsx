export { WithdrawScreen as Component } from '../../features/wallet/components/withdraw-screen';
