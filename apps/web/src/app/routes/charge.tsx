export { ChargeScreen as Component } from '../../features/wallet/components/charge-screen';
