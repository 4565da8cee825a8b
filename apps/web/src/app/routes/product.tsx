export { ProductScreen as Component } from '../../features/product/components/product-screen';
