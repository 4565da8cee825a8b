export { OrdersScreen as Component } from '../../features/orders/components/orders-screen';
