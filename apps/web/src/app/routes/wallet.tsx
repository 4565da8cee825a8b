export { WalletScreen as Component } from '../../features/wallet/components/wallet-screen';
