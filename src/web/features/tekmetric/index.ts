export { SyncNowButton, TekmetricAdmin } from './components/tekmetric-admin';
