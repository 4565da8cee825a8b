export { LanguageScreen as Component } from '../../features/language/components/language-screen';
