export { HomeScreen as Component } from '../../features/market/components/home-screen';
