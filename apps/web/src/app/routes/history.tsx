export { HistoryScreen as Component } from '../../features/wallet/components/history-screen';
