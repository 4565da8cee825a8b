export { AnnouncementScreen as Component } from '../../features/user/components/announcement-screen';
