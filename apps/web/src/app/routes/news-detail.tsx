export { NewsDetailScreen as Component } from '../../features/news/components/news-detail-screen';
