export { ProfileDetailsForm } from './components/profile-details-form';
export { ProfilePhotoCard } from './components/profile-photo-card';
export { NotificationPreferencesCard } from './components/notification-preferences-card';
