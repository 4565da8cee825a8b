export { CoinAddressListScreen as Component } from '../../features/wallet/components/method-list-screen';
