export { RealNameScreen as Component } from '../../features/real-name/components/real-name-screen';
