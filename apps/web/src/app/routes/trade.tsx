export { TradeScreen as Component } from '../../features/trade/components/trade-screen';
