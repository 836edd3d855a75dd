export { MailOutbox } from './components/mail-outbox';
