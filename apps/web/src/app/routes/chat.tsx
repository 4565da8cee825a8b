export { ChatScreen as Component } from '../../features/user/components/chat-screen';
